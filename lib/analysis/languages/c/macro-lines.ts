// C and C++: a macro alone on its line (`RAPIDJSON_NAMESPACE_BEGIN`, `FMT_BEGIN_NAMESPACE`) opens or closes a
// namespace, or expands to nothing the grammar knows: read as it stands it glues onto the declaration below it
// (`RAPIDJSON_NAMESPACE_BEGIN enum PrettyFormatOptions {…}` parses as a variable of that type).

const LONE_MACRO = /^([ \t]*)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)([ \t]*)$/;

/**
 * The text with each lone macro line (an upper-case name with an underscore, nothing else on the line, after a
 * code line that ends a declaration, a block or a directive, or at the top) written as an empty declaration (`;`
 * and spaces): every other line and column stays where it was. (Not a last enumerator, `  C_D` after `A_B,`.)
 */
export function withoutLoneMacros(text: string): string {
  const lines = text.split("\n");
  let previous = "";
  for (const [index, line] of lines.entries()) {
    const match = LONE_MACRO.exec(line);
    const ended = previous === "" || /[;{}]\s*$|^\s*#/.test(previous.replace(/\s*\/\/.*$/, ""));
    if (match && ended) lines[index] = `${match[1]};${" ".repeat((match[2] as string).length - 1)}${match[3]}`;
    // (A comment line ends nothing: `TOKEN_STRING,` / `// keep last` / `TOKEN_COUNT` is an enum's last value.)
    if (line.trim() !== "" && !/^\s*(\/\/|\/\*|\*)|\*\/\s*$/.test(line)) previous = line;
  }
  return lines.join("\n");
}
