/** One line of a hunk, with its number in the diff text (1-based) and in the old and new files. */
export interface DiffLine {
  kind: " " | "+" | "-";
  text: string;
  diffLine: number;
  oldLine: number | null;
  newLine: number | null;
}

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** the text git prints after the second @@: the enclosing function or class, when it found one */
  context: string;
  lines: DiffLine[];
}

export type FileStatus = "added" | "deleted" | "modified" | "renamed";

export interface FileDiff {
  oldPath: string | null;
  newPath: string | null;
  /** the path the file has after the patch (before it, for a deleted file) */
  path: string;
  status: FileStatus;
  binary: boolean;
  hunks: Hunk[];
}

/** A diff that does not parse, with the line of the diff where it went wrong. */
export class DiffParseError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`diff line ${line}: ${reason}`);
    this.name = "DiffParseError";
  }
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

const stripPrefix = (name: string) => {
  const unquoted = name.startsWith('"') && name.endsWith('"') ? (JSON.parse(name) as string) : name;
  return unquoted.replace(/^[ab]\//, "").replace(/\t.*$/, "");
};

function newFile(header: string): FileDiff {
  const match = /^diff --git (?:"?a\/(.+?)"?) (?:"?b\/(.+?)"?)$/.exec(header);
  const oldPath = match?.[1] ?? null;
  const newPath = match?.[2] ?? null;
  return { oldPath, newPath, path: newPath ?? oldPath ?? "", status: "modified", binary: false, hunks: [] };
}

/**
 * Parses a unified diff (git's format, or plain `---`/`+++` pairs): renames, new and deleted files, binary
 * files, "\ No newline at end of file", CRLF line endings and several hunks per file. Throws DiffParseError.
 */
/**
 * The most hunks a patch may have: far above any benchmark's patches (hundreds), and a bound on the
 * analysis, whose time grows faster than linearly with a file's hunks (5,000: about 2.5 s).
 */
export const MAX_HUNKS = 5_000;

export function parseDiff(text: string): FileDiff[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const files: FileDiff[] = [];
  let file: FileDiff | null = null;
  let hunk: Hunk | null = null;
  let oldLeft = 0;
  let newLeft = 0;
  let oldLine = 0;
  let newLine = 0;
  let hunkCount = 0;

  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index] as string;
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const diffLine = index + 1;
    if (hunk && (oldLeft > 0 || newLeft > 0)) {
      const kind = line[0] ?? " ";
      const body = line.slice(1);
      if (line === "") {
        // Some tools strip the single space of an empty context line.
        hunk.lines.push({ kind: " ", text: "", diffLine, oldLine: oldLine++, newLine: newLine++ });
        oldLeft--;
        newLeft--;
      } else if (kind === " ") {
        hunk.lines.push({ kind, text: body, diffLine, oldLine: oldLine++, newLine: newLine++ });
        oldLeft--;
        newLeft--;
      } else if (kind === "-") {
        hunk.lines.push({ kind, text: body, diffLine, oldLine: oldLine++, newLine: null });
        oldLeft--;
      } else if (kind === "+") {
        hunk.lines.push({ kind, text: body, diffLine, oldLine: null, newLine: newLine++ });
        newLeft--;
      } else if (kind === "\\") {
        continue;
      } else {
        throw new DiffParseError(
          diffLine,
          `the hunk ends early: expected ${oldLeft} more old and ${newLeft} more new lines`,
        );
      }
      if (oldLeft < 0 || newLeft < 0)
        throw new DiffParseError(diffLine, "the hunk has more lines than its header says");
      continue;
    }
    if (line.startsWith("\\")) continue; // "\ No newline at end of file" after the last line of a hunk
    if (line.startsWith("diff --git ")) {
      file = newFile(line);
      files.push(file);
      hunk = null;
      continue;
    }
    if (line.startsWith("--- ") && lines[index + 1]?.startsWith("+++ ")) {
      const oldName = line.slice(4);
      const newName = (lines[index + 1] as string).replace(/\r$/, "").slice(4);
      if (!file || file.hunks.length > 0) {
        file = { oldPath: null, newPath: null, path: "", status: "modified", binary: false, hunks: [] };
        files.push(file);
      }
      file.oldPath = oldName.startsWith("/dev/null") ? null : stripPrefix(oldName);
      file.newPath = newName.startsWith("/dev/null") ? null : stripPrefix(newName);
      if (file.oldPath === null) file.status = "added";
      else if (file.newPath === null) file.status = "deleted";
      file.path = file.newPath ?? file.oldPath ?? file.path;
      index++;
      hunk = null;
      continue;
    }
    if (line.startsWith("@@")) {
      const match = HUNK_HEADER.exec(line);
      if (!match || !file) throw new DiffParseError(diffLine, `not a hunk header: "${line.slice(0, 60)}"`);
      if (++hunkCount > MAX_HUNKS)
        throw new DiffParseError(diffLine, `more than ${MAX_HUNKS} hunks: larger than any patch the analysis reads`);
      hunk = {
        oldStart: Number(match[1]),
        oldLines: match[2] === undefined ? 1 : Number(match[2]),
        newStart: Number(match[3]),
        newLines: match[4] === undefined ? 1 : Number(match[4]),
        context: match[5] ?? "",
        lines: [],
      };
      file.hunks.push(hunk);
      oldLeft = hunk.oldLines;
      newLeft = hunk.newLines;
      oldLine = hunk.oldStart;
      newLine = hunk.newStart;
      continue;
    }
    if (!file) {
      if (line.trim() === "") continue;
      // Text before the first file header (a commit message, say) is not part of any file.
      continue;
    }
    if (line.startsWith("new file mode")) file.status = "added";
    else if (line.startsWith("deleted file mode")) file.status = "deleted";
    else if (line.startsWith("rename from ")) {
      file.oldPath = line.slice("rename from ".length);
      file.status = "renamed";
    } else if (line.startsWith("rename to ")) {
      file.newPath = line.slice("rename to ".length);
      file.path = file.newPath;
      file.status = "renamed";
    } else if (line.startsWith("Binary files ") || line === "GIT binary patch") file.binary = true;
  }
  if (hunk && (oldLeft > 0 || newLeft > 0)) {
    throw new DiffParseError(
      lines.length,
      `the diff is truncated: the last hunk lacks ${oldLeft} old and ${newLeft} new lines`,
    );
  }
  for (const f of files) {
    if (f.status === "added") f.path = f.newPath ?? f.path;
    if (f.status === "deleted") f.path = f.oldPath ?? f.path;
  }
  return files;
}
