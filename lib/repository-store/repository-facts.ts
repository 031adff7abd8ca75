import { execFileSync } from "node:child_process";
import { membersDefinedIn } from "../analysis/patch-facts";

/**
 * What the repository says of a name at the commit an agent starts from: how often it occurs (`git grep -w`),
 * in how many files, and whether one of those files defines it. The measured fact the paper's judge gives
 * for necessity ("appears in k file(s) … at the commit the agent starts from").
 */
export interface RepositoryFact {
  occurrences: number;
  files: number;
  /** a file at the commit defines the name (parsed, as the analysis parses); null when no file was parsed */
  defined: boolean | null;
}

/** Files parsed per instance to tell whether a name is defined at the commit: the cost stays bounded. */
const MAX_FILES_PARSED = 40;

/** Names git grep can look for as whole words. */
const GREPPABLE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Every match of the names at the commit, as (path, name) pairs; one `git grep` for them all. */
function matchesAt(gitDir: string, commit: string, names: string[]): Array<{ path: string; name: string }> {
  const args = ["-C", gitDir, "grep", "-z", "-o", "-w", "-F", "-I"];
  for (const name of names) args.push("-e", name);
  args.push(commit, "--");
  let out: string;
  try {
    out = execFileSync("git", args, { encoding: "utf8", maxBuffer: 256 << 20, stdio: ["ignore", "pipe", "ignore"] });
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
  const prefix = `${commit}:`;
  const matches: Array<{ path: string; name: string }> = [];
  for (const line of out.split("\n")) {
    const nul = line.indexOf("\0");
    if (nul < 0) continue;
    const where = line.slice(0, nul);
    matches.push({ path: where.startsWith(prefix) ? where.slice(prefix.length) : where, name: line.slice(nul + 1) });
  }
  return matches;
}

/** Files at a commit, read in one `git cat-file --batch`. */
export function filesAt(gitDir: string, commit: string, paths: string[]): Map<string, string> {
  const wanted = paths.filter((p) => !p.includes("\n"));
  const texts = new Map<string, string>();
  if (wanted.length === 0) return texts;
  const out = execFileSync("git", ["-C", gitDir, "cat-file", "--batch"], {
    input: wanted.map((p) => `${commit}:${p}\n`).join(""),
    maxBuffer: 512 << 20,
    stdio: ["pipe", "pipe", "ignore"],
  });
  let at = 0;
  for (const p of wanted) {
    const headerEnd = out.indexOf(10, at);
    const header = out.subarray(at, headerEnd).toString("utf8");
    at = headerEnd + 1;
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header);
    if (!size) continue; // "missing"
    texts.set(p, out.subarray(at, at + Number(size[1])).toString("utf8"));
    at += Number(size[1]) + 1;
  }
  return texts;
}

/** The repository facts of each name (by member name) at a commit. */
export async function repositoryFacts(
  gitDir: string,
  commit: string,
  names: readonly string[],
): Promise<Map<string, RepositoryFact>> {
  const facts = new Map<string, RepositoryFact>();
  const greppable = [...new Set(names)].filter((n) => GREPPABLE.test(n));
  if (greppable.length === 0) return facts;
  const filesOf = new Map<string, Map<string, number>>(greppable.map((n) => [n, new Map()]));
  for (const { path, name } of matchesAt(gitDir, commit, greppable)) {
    const files = filesOf.get(name);
    if (files) files.set(path, (files.get(path) ?? 0) + 1);
  }
  // The files to parse: for each name, its files with the most occurrences first, taken round-robin so
  // every name gets some, up to the bound.
  const queues = greppable.map((n) =>
    [...(filesOf.get(n) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]).map(([p]) => p),
  );
  const toParse = new Set<string>();
  for (let depth = 0; toParse.size < MAX_FILES_PARSED && queues.some((q) => q.length > depth); depth++)
    for (const queue of queues) {
      const file = queue[depth];
      if (file !== undefined && toParse.size < MAX_FILES_PARSED) toParse.add(file);
    }
  const definedIn = new Map<string, Set<string>>();
  for (const [file, text] of filesAt(gitDir, commit, [...toParse]))
    definedIn.set(file, await membersDefinedIn(file, text));
  for (const name of greppable) {
    const files = filesOf.get(name) ?? new Map<string, number>();
    const parsed = [...files.keys()].filter((f) => definedIn.has(f));
    const defined = [...files.keys()].some((f) => definedIn.get(f)?.has(name));
    facts.set(name, {
      occurrences: [...files.values()].reduce((a, b) => a + b, 0),
      files: files.size,
      // Not found where every file that names it was parsed: not defined; some left unparsed: unknown.
      defined: defined ? true : parsed.length === files.size ? false : null,
    });
  }
  return facts;
}
