// C and C++: a macro alone on its line (`RAPIDJSON_NAMESPACE_BEGIN`, `FMT_BEGIN_NAMESPACE`) opens or closes a
// namespace, or expands to nothing the grammar knows: read as it stands it glues onto the declaration below it
// (`RAPIDJSON_NAMESPACE_BEGIN enum PrettyFormatOptions {…}` parses as a variable of that type). So does a
// specifier macro before a declaration's type (`simdjson_warn_unused simdjson_result<std::string> to_json(…)`).

const LONE_MACRO = /^([ \t]*)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,}[A-Z0-9]*)([ \t]*)$/;
/** What follows a last enumerator (`}`), an initializer's or a call's rest: no declaration a lone macro specifies. */
const NOT_A_DECLARATION = /^\s*[},=(]/;
/** A declarator alone on its line (`CountWorkers(int pool)`, `IsHexDigitString (`): the line above is its type (`DWORD`). */
const LONE_DECLARATOR = /^\s*~?[A-Za-z_][\w:]*\s*\(/;

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
    // (Without an underscore, `CONSTCD14` above `inline` / `bool` / `year::is_leap() const`: before a declaration only.)
    const next = lines.slice(index + 1).find((l) => l.trim() !== "") ?? "}";
    const bare = match !== null && !(match[2] as string).includes("_");
    if (match && ended && !(bare && (NOT_A_DECLARATION.test(next) || LONE_DECLARATOR.test(next))))
      lines[index] = `${match[1]};${" ".repeat((match[2] as string).length - 1)}${match[3]}`;
    // (A comment line ends nothing: `TOKEN_STRING,` / `// keep last` / `TOKEN_COUNT` is an enum's last value.)
    if (line.trim() !== "" && !/^\s*(\/\/|\/\*|\*)|\*\/\s*$/.test(line)) previous = line;
  }
  return lines.join("\n");
}

/** What may stand before a declaration's type in C and C++ (a specifier, a keyword): no macro. */
const SPECIFIERS = new Set(
  (
    "static inline const constexpr consteval constinit extern virtual explicit friend typedef volatile unsigned signed " +
    "long short struct class union enum typename template register mutable thread_local auto return else new delete " +
    "throw case goto using namespace operator co_return co_yield co_await sizeof alignas decltype noexcept restrict " +
    "_Noreturn __inline __forceinline __inline__ void int char bool float double"
  ).split(" "),
);

/** What qualifies the type before it (`value_type const&`): that word is a type, no macro. */
const QUALIFIERS = new Set(["const", "volatile", "restrict", "__restrict"]);

/** A word, then a type (`simdjson_result<std::string>`, `const char*`), then a name (`version<I1, I2, I3>::to_string` out of its class too) and its `(`. */
const BEFORE_TYPE =
  /^([ \t]*)([A-Za-z_]\w*)([ \t]+)(?=(?:[A-Za-z_][\w:]*(?:<.*>)?[ \t*&]+)+~?[A-Za-z_][\w:]*(?:<[^()]*>::~?[A-Za-z_]\w*)?[ \t]*\()/;

/**
 * Specifiers, then an upper-case macro, then a variable's type, name and `=` or `;` (ETL's `static ETL_CONSTEXPR
 * size_t type_list_npos = …;`): the macro expands to a specifier too (read as written, it is the type and the
 * name is lost).
 */
const AFTER_SPECIFIERS =
  /^([ \t]*(?:(?:static|inline|extern|constexpr|const)[ \t]+)+)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?=[ \t]+[A-Za-z_][\w:]*(?:<.*>)?[ \t*&]+[A-Za-z_]\w*[ \t]*(?:=|;|\{|\[))/;

/** A record's definition on its line: its name (group 1), then its bases, its body or the line's end. */
const RECORD_DEFINITION =
  /\b(?:class|struct)\s+(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*\s+)?([A-Za-z_]\w*)(?=\s*(?:final\s*)?(?:[:{]|$))/g;

/** Specifiers, an upper-case macro, then a constructor's or destructor's name and `(` (the name: group 4). */
const BEFORE_CONSTRUCTOR =
  /^([ \t]*(?:(?:inline|explicit|constexpr)[ \t]+)*)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)([ \t]+(?:explicit[ \t]+)?~?)([A-Za-z_]\w*)[ \t]*\(/;

/** The line with its match's macro (group 2, after the indent and specifiers of group 1) blanked, columns kept. */
function blankMacro(line: string, match: RegExpExecArray): string {
  const [before, macro] = [match[1] as string, match[2] as string];
  return `${before}${" ".repeat(macro.length)}${line.slice(before.length + macro.length)}`;
}

/**
 * The text with a specifier macro before a declaration's type blanked (`simdjson_warn_unused`, `FMT_CONSTEXPR20`,
 * `JSON_HEDLEY_WARN_UNUSED_RESULT`): a word no keyword, followed by a type and a declarator's name and `(`, which
 * C++ allows only where the word expands to a specifier. Columns stay where they were.
 */
export function withoutSpecifierMacros(text: string): string {
  // (Before a constructor of a record a line above opens, `FMT_CONSTEXPR write_int_data(int num_digits, …)` in
  // `struct write_int_data {`: read as written the macro is a return type, the member initializers after the
  // parameters a parse error, and the record runs on to the file's end.)
  const records = new Set<string>();
  return text
    .split("\n")
    .map((line) => {
      // (A record's definition, `struct X {`, `class API X : Base`, not a declaration, `struct timer;`, nor a type,
      // `timer_start(struct timer *t)`.)
      for (const record of line.matchAll(RECORD_DEFINITION)) records.add(record[1] as string);
      const ctor = BEFORE_CONSTRUCTOR.exec(line);
      if (ctor && records.has(ctor[4] as string)) return blankMacro(line, ctor);
      const variable = AFTER_SPECIFIERS.exec(line);
      if (variable) return blankMacro(line, variable);
      const match = BEFORE_TYPE.exec(line);
      if (!match || SPECIFIERS.has(match[2] as string)) return line;
      // (East const, `value_type const& get() const`: the word is the type, `const` qualifies it.)
      const next = /^[A-Za-z_]\w*/.exec(line.slice(match[0].length))?.[0] ?? "";
      if (QUALIFIERS.has(next)) return line;
      return blankMacro(line, match);
    })
    .join("\n");
}

/** A record's name, then an upper-case macro before its body or its bases (`class Verifier FLATBUFFERS_FINAL_CLASS {`). */
const AFTER_RECORD_NAME =
  /^(\s*(?:class|struct)\s+(?:[A-Za-z_]\w*\s+)*?)([A-Za-z_]\w*)([ \t]+)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?=\s*(?:\{|:(?!:)|$))/;

/**
 * The text with a macro between a record's name and its body blanked (it expands to `final`, or to nothing: read
 * as written, the name is lost and the class's members with it). Not where the name before it is a macro too
 * (`class EXPORT_API MY_CLASS {`: the last is the name). Columns stay where they were.
 */
export function withoutRecordMacros(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const match = AFTER_RECORD_NAME.exec(line);
      if (!match || /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(match[2] as string)) return line;
      const at = match[0].length - (match[4] as string).length;
      return `${line.slice(0, at)}${" ".repeat((match[4] as string).length)}${line.slice(match[0].length)}`;
    })
    .join("\n");
}

/**
 * A macro's call alone on its line, no `;` after it, its arguments literals and words only, a string among them:
 * `nsel_deprecated("replace value() with error()")`.
 */
const ATTRIBUTE_CALL = /^[ \t]*([A-Za-z_]\w*)[ \t]*\(([^;{}]*)\)[ \t]*$/;
/** A function's declaration starting, a specifier or a type then its name and `(`: what an attribute macro stands above. */
const DECLARATION_START = /^\s*(?:template\b|(?:[A-Za-z_][\w:]*(?:<.*>)?[\s*&]+)+~?[A-Za-z_][\w:]*\s*\()/;
/** Words that start statements, not declarations: no macro's name, no declaration's type. */
const STATEMENT_WORDS =
  /^\s*(?:if|for|while|switch|return|goto|case|do|else|throw|delete|new|co_return|co_yield|sizeof)\b/;

/** Whether a call's arguments are literals and words only, a double-quoted string among them (no call, no operator). */
function literalArguments(args: string): boolean {
  const outside = args.replace(/"(?:\\.|[^"\\])*"/g, '""');
  return outside.includes('""') && /^[\w\s,"]*$/.test(outside);
}

/**
 * The text with an attribute macro's line blanked (`nsel_deprecated("replace value() with error()")` above
 * `nsel_constexpr14 E & value() & noexcept`): it expands to `[[deprecated(…)]]` or nothing, and read as written, a
 * call at a class's level, it breaks the class around it. Only above a declaration (its next code line).
 */
export function withoutAttributeMacros(text: string): string {
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    const match = ATTRIBUTE_CALL.exec(line);
    if (!match || SPECIFIERS.has(match[1] as string) || STATEMENT_WORDS.test(line)) continue;
    if (!literalArguments(match[2] as string)) continue;
    const next = lines.slice(index + 1).find((l) => l.trim() !== "") ?? "";
    // (Not a line that goes on from the one above, a macro's body after `\`, an argument list's rest.)
    const previous = lines.slice(0, index).findLast((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l)) ?? "";
    const standsAlone =
      previous === "" || ((/[;{}:]\s*$/.test(previous) || /^\s*#/.test(previous)) && !/\\\s*$/.test(previous));
    const declares = DECLARATION_START.test(next) && !STATEMENT_WORDS.test(next) && !ATTRIBUTE_CALL.test(next);
    if (standsAlone && declares) lines[index] = " ".repeat(line.length);
  }
  return lines.join("\n");
}

/** A C or C++ fragment's text as the grammar should read it (see withoutLoneMacros, withoutSpecifierMacros, withoutRecordMacros, withoutAttributeMacros). */
export const withoutMacros = (text: string): string =>
  withoutRecordMacros(withoutSpecifierMacros(withoutAttributeMacros(withoutLoneMacros(text))));
