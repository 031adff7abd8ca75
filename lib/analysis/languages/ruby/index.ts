import { indentOf, leadingSpaceOf } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { indentedBodyEnd, NO_WRAP } from "../wrapping";
import { extractRuby } from "./extract";

/** The stand-in class's name: a Ruby constant (UNKNOWN_OWNER's leading `_` is not one); never stated. */
const RUBY_UNKNOWN_OWNER = "HintscopeContext__";

/**
 * What starts the next member of a class or spec after a method's `end` (never a statement of its body; a
 * local variable of such a name, `context = build_context`, is one).
 */
const NEXT_MEMBER =
  /^(def|it|test|describe|context|alias|alias_method|private|protected|public|attr_\w+|class|module|let!?|before|after|subject)\b(?!\s*[-+*/|&]?=[^=~])/;

/**
 * Where the method a `def` header names ends when git's ruby driver dropped its indentation: at an `end` no
 * deeper than every line above it in the hunk that the next member follows at its level (`      end` then
 * `      it "should detect …" do`), not at an `end` that closes a block inside the method (a statement follows).
 */
function defEnd(context: string, lines: readonly string[]): number {
  if (!/^def\s/.test(context.trim())) return lines.length;
  let least = Number.POSITIVE_INFINITY;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "" || /^\s*#/.test(line)) continue;
    const indent = leadingSpaceOf(line);
    if (/^end\b/.test(line.trim()) && indent <= least) {
      const next = lines.slice(index + 1).find((l) => l.trim() !== "" && !/^\s*#/.test(l));
      const nextIndent = next === undefined ? 0 : leadingSpaceOf(next);
      if (next !== undefined && nextIndent <= indent && NEXT_MEMBER.test(next.trim())) return index + 1;
    }
    least = Math.min(least, indent);
  }
  return lines.length;
}

function rubyWrap({ context, indented, lines }: WrapRequest): Wrapper {
  if (!indented) return NO_WRAP;
  const scopes = [...context.matchAll(/\b(class|module)\s+([A-Z][\w:]*)/g)];
  const last = scopes.at(-1);
  if (last) return { prefix: [`${last[1]} ${last[2]}`], suffix: ["end"], owner: null, dedent: false };
  if (!/\bdef\s/.test(context)) return NO_WRAP;
  // Under a method's header, lines whose least indented ones declare members (`def`, `private`, `attr_…`)
  // stand at the class's level: the named method ended above the hunk, and the class is unknown here.
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  const least = Math.min(...code.map(indentOf));
  const members = code.filter((l) => indentOf(l) === least);
  if (members.some((l) => /^\s*(def\s|private\b|protected\b|public\b|attr_\w+\b)/.test(l)))
    return { prefix: [`class ${RUBY_UNKNOWN_OWNER}`], suffix: ["end"], owner: null, dedent: false };
  return { prefix: ["def __hintscope__"], suffix: ["end"], owner: null, dedent: false, inBody: true };
}

/**
 * The blocks a hunk's lines open and leave open at its end (`def`, `class`, `do |x|`, `if` at a statement's
 * start…), each closed with an `end`: a method whose body runs past the hunk's end still parses as one, and
 * the class around it keeps it.
 */
export function rubyOpenBlocks(lines: readonly string[]): number {
  let open = 0;
  for (const line of lines) {
    const code = line.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""').replace(/#.*$/, "");
    if (/^\s*end\b/.test(code)) open = Math.max(0, open - 1);
    if (
      /^\s*(def|class|module|if|unless|while|until|case|begin|for)\b/.test(code) &&
      !/^\s*def\b.*\)\s*=[^=]/.test(code)
    )
      open++;
    if (/\bdo\s*(\|[^|]*\|)?\s*$/.test(code)) open++;
    // `foo { |x|` … `}` blocks close themselves; a one-line `def x; end` opened and closed.
    if (/;\s*end\s*$/.test(code) && /^\s*(def|class|module)\b/.test(code)) open = Math.max(0, open - 1);
  }
  return open;
}

export const ruby: LanguageModule = {
  name: "ruby",
  extensions: ["rb", "rake", "gemspec"],
  fileNames: ["Rakefile", "Gemfile"],
  grammars: [{ name: "ruby", wasm: "tree-sitter-ruby/tree-sitter-ruby.wasm" }],
  extract: extractRuby,
  overloads: false,
  stringTypes: ["string"],
  memberSeparator: ".",
  // Ruby's protocols
  dictatedNames: [
    "inspect",
    "to_s",
    "to_str",
    "to_h",
    "to_a",
    "to_ary",
    "to_json",
    "each",
    "hash",
    "eql?",
    "method_missing",
    "respond_to_missing?",
  ],
  hunks: {
    wrap: rubyWrap,
    blockComments: false,
    endOfContextBody: (context, lines) => Math.min(indentedBodyEnd(context, lines), defEnd(context, lines)),
    closeOpenBlocks: (suffix, lines) => [...Array.from({ length: rubyOpenBlocks(lines) }, () => "end"), ...suffix],
  },
  uses: { namespacedTypes: true },
};
