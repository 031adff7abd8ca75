// C and C++ hunk lines that open or close no block of the code around them (see HunkRules.codeLines).

/** A C or C++ hunk's lines as code: linkage braces and goto labels at column 0 blanked. */
export const cCodeLines = (lines: readonly string[]): string[] => withoutColumnZeroLabels(withoutLinkageBraces(lines));

/**
 * The lines with C++'s linkage braces blanked where a header wraps itself for C++ (`#ifdef __cplusplus` / `extern
 * "C" {` / `#endif` at its top, `#ifdef __cplusplus` / `}` / `#endif` at its end): they open and close no scope of
 * the declarations between them (libdeflate's `struct libdeflate_options {…};` above the closing ones is the file's).
 */
export function withoutLinkageBraces(lines: readonly string[]): string[] {
  let inCplusplus = false;
  return lines.map((line) => {
    if (/^\s*#\s*(ifdef\s+__cplusplus|if\s+defined\s*\(?\s*__cplusplus)\b/.test(line)) inCplusplus = true;
    else if (/^\s*#\s*(endif|else|elif)\b/.test(line)) inCplusplus = false;
    else if (inCplusplus && /^\s*(\}|extern\s+"C"\s*\{)\s*(\/\/.*|\/\*.*\*\/)?\s*$/.test(line)) return "";
    return line;
  });
}

/**
 * The lines with a goto label written at column 0 blanked (`oom:` inside btree.c's `btree_load`, as C's kernel
 * style writes them): it stands in a function's body, not at file level, and would set the hunk's level at column 0.
 * (Not an access label, `public:`, nor Qt's `signals:`: a class's.)
 */
export function withoutColumnZeroLabels(lines: readonly string[]): string[] {
  return lines.map((line) => (gotoLabel(line) ? "" : line));
}

/** A goto label at column 0 alone on its line (`oom:`), no access label (`public:`, Qt's `signals:`) nor `default:`. */
export const gotoLabel = (line: string) =>
  /^[A-Za-z_]\w*:\s*(\/\/.*|\/\*.*\*\/)?$/.test(line) &&
  !/^(public|protected|private|signals|slots|Q_SIGNALS|Q_SLOTS|default)\s*:/.test(line);
