import { closersOfOpenBrackets, indentOf, leadingSpaceOf } from "../hunk-lines";
import type { LanguageModule, Wrapper, WrapRequest } from "../language";
import { indentedBodyEnd, NO_WRAP } from "../wrapping";
import {
  endOfScopeAbove,
  rubyClosedAbove,
  rubyLeadingBracket,
  rubyLeadingEnds,
  rubyOpenBlocks,
  rubyTopLevelEnd,
} from "./blocks";
import { extractRuby } from "./extract";
import { RubyScopeTracker } from "./scopes";

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

function rubyWrap({ context, indented, lines, path, carriedClass }: WrapRequest): Wrapper {
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  const scopeLine = (l: string) => /^\s*(class|module)\s+[A-Z]|^\s*class\s*<</.test(l);
  // (Members' depth: `end`s closing the scopes around them, `      end` / `    end` / `  end`, are shallower; so may
  // a bare `private` be, a level out from the members after it: `  private` over `    attr_reader :options`.)
  const outdented = new Set(
    code.filter(
      (l, i) =>
        /^\s*(private|protected|public)\s*$/.test(l) &&
        code[i + 1] !== undefined &&
        indentOf(code[i + 1] as string) > indentOf(l) &&
        !scopeLine(code[i + 1] as string),
    ),
  );
  const accessLine = (l: string) => outdented.has(l);
  const least = Math.min(...code.filter((l) => !scopeLine(l) && !/^\s*end\b/.test(l) && !accessLine(l)).map(indentOf));
  // A hunk at a class's end closes the scopes around it, down to column 0 (`    end` / `  end` / `end`): its
  // members are still indented, and those `end`s close the wrapper's scopes.
  const trailing = rubyClosedAbove(lines) - rubyLeadingEnds(lines);
  if (!indented && !(trailing > 0 && Number.isFinite(least) && least > 0)) return NO_WRAP;
  const scopes = [...context.matchAll(/\b(class|module)\s+([A-Z][\w:]*)/g)];
  const last = scopes.at(-1);
  if (last) {
    // Under a namespace's header (`module Match`) with the hunk two levels in or deeper, a class the hunk does not
    // show stands between: by Ruby's file naming (Zeitwerk's), the file's own (`storage/gitlab/client.rb`: Client).
    const own = fileConstant(path, [context, ...code]);
    // (Not where the hunk shows a class or module line around its other lines: that one is the scope. A class
    // declared among them, `class RequestError < StandardError; end`, is a member: both images read alike.)
    const showsScope = code.some((l) => scopeLine(l) && indentOf(l) < least);
    const between =
      showsScope || last[1] !== "class" ? null : scopesBetween(path, last[2] as string, least, [context, ...code]);
    const ends = (scopeCount: number) => Array.from({ length: Math.max(0, scopeCount - trailing) }, () => "end");
    // Scopes the hunk above left open (`class Result` under `module Interactor`), its members at their level: theirs.
    const carried = carriedClass?.split("/") ?? [];
    if (carried.length > 0 && least === 2 * carried.length && !showsScope)
      return {
        prefix: carried.map((name, level) => `${level === carried.length - 1 ? "class" : "module"} ${name}`),
        suffix: ends(carried.length),
        owner: null,
        dedent: false,
      };
    if (between)
      return {
        prefix: [`${last[1]} ${last[2]}`, ...between],
        suffix: ends(1 + between.length),
        owner: null,
        dedent: false,
      };
    // (Members' depth before the unseen class's `end` two spaces in: lines past it are the module's own,
    // `register_scheme 'HTTP', HTTP` after `lib/uri/http.rb`'s class.)
    // (That end is a class's only where a member is declared before it, four spaces in (`    def authority`): else
    // it may close a module method, `def self.for(…)` … `  end` in `lib/uri/common.rb`.)
    const classEnd = endOfScopeAbove(code, indentOf(context) + 2);
    const inClass = classEnd < 0 ? code : code.slice(0, classEnd);
    const member = (l: string) =>
      indentOf(l) >= indentOf(context) + 4 && /^\s*(def|attr_\w+|private|protected|include)\b/.test(l);
    const memberDepth =
      classEnd >= 0 && !inClass.some(member)
        ? 0
        : Math.min(...inClass.filter((l) => !scopeLine(l) && !/^\s*end\b/.test(l) && !accessLine(l)).map(indentOf));
    if (last[1] === "module" && own && own !== last[2] && !showsScope && Number.isFinite(least) && memberDepth >= 4)
      return { prefix: [`${last[1]} ${last[2]}`, `class ${own}`], suffix: ends(2), owner: null, dedent: false };
    return { prefix: [`${last[1]} ${last[2]}`], suffix: ends(1), owner: null, dedent: false };
  }
  // Under an example group's header (`describe Thor::Actions do`): inside its block, which says what it describes.
  if (
    /^\s*(RSpec\.)?(describe|context)\s+[A-Z][\w:]*\s*(,.*)?\bdo\s*$/.test(context) &&
    Number.isFinite(least) &&
    least > 0
  )
    return {
      prefix: [context.trim()],
      suffix: Array.from({ length: Math.max(0, 1 - trailing) }, () => "end"),
      owner: null,
      dedent: false,
    };
  if (!indented || !/\bdef\s/.test(context)) return NO_WRAP;
  // Under a method's header, lines whose least indented ones declare members (`def`, `private`, `attr_…`)
  // stand at the class's level: the named method ended above the hunk, and the class is unknown here.
  const leastOfAll = Math.min(...code.map(indentOf));
  const members = code.filter((l) => indentOf(l) === leastOfAll);
  if (members.some((l) => /^\s*(def\s|private\b|protected\b|public\b|attr_\w+\b)/.test(l)))
    return { prefix: [`class ${RUBY_UNKNOWN_OWNER}`], suffix: ["end"], owner: null, dedent: false };
  return { prefix: ["def __hintscope__"], suffix: ["end"], owner: null, dedent: false, inBody: true };
}

/**
 * The scope lines between a class header's (`class Thor`) and members `least` spaces in, two a level: the hunk
 * is not the class's own body. Ruby's file naming (Zeitwerk's) names them where the path does
 * (`lib/thor/actions/file_manipulation.rb`: Thor::Actions, so a `def` four spaces under `class Thor` is
 * Actions'); one level past the file's own constant is its `class << self`; deeper, the owner is unknown (stand-ins
 * all the way, never the header's class). Null where the path does not name the header's class or nothing stands
 * between. (A module header's hunk keeps the file-constant rule: `module Faraday` with `def` six spaces in
 * `lib/faraday/response/logger.rb` is Logger's; folders such as `models/` often name no module.)
 */
function scopesBetween(path: string, header: string, least: number, lines: readonly string[]): string[] | null {
  if (!Number.isFinite(least) || least % 2 !== 0) return null;
  const segments = path.replace(/\.rb$/, "").split("/");
  const root = segments.lastIndexOf("lib");
  if (root < 0) return null;
  const named = segments.slice(root + 1);
  const level = named.indexOf(snakeCase(header.split("::").pop() ?? header));
  const ownerLevel = least / 2 - 1;
  if (level < 0 || ownerLevel <= level) return null;
  const unknown = () => Array.from({ length: ownerLevel - level }, () => `class ${RUBY_UNKNOWN_OWNER}`);
  // (A path deeper than the members stand: its folders may name no module, `lib/thor/parser/options.rb` being
  // Thor::Options, or one, `lib/thor/actions/file_manipulation.rb` reopening Thor::Actions. The uses tell, a
  // spec's `describe Thor::Actions` … `describe "#link_file"`.)
  if (ownerLevel > named.length || ownerLevel < named.length - 1) return unknown();
  const between = named.slice(level + 1, ownerLevel + 1).map((segment) => `module ${spelt(segment, lines)}`);
  return ownerLevel === named.length ? [...between, "class << self"] : between;
}

const snakeCase = (constant: string) => constant.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** A file name's constant (`gitlab_client` → GitlabClient), spelt as the lines spell it where they do (`HTTPClient`). */
function spelt(base: string, lines: readonly string[]): string {
  const camel = base.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  const written = lines
    .flatMap((l) => l.match(/\b[A-Z][A-Za-z0-9]*\b/g) ?? [])
    .find((word) => word !== camel && word.toLowerCase() === camel.toLowerCase());
  return written ?? camel;
}

/**
 * The constant a Ruby file defines by its name (`gitlab_client.rb` → GitlabClient), spelt as the hunk spells it
 * where it does (`HTTPClient` for `http_client.rb`: an inflection), or null for none.
 */
function fileConstant(path: string, lines: readonly string[]): string | null {
  const base = /([a-z][a-z0-9_]*)\.rb$/.exec(path)?.[1];
  return base ? spelt(base, lines) : null;
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
    // (A class's own `new`, `ClassInterface#new` extended into it: Class#new's name.)
    "new",
  ],
  hunks: {
    membersInTypeBody: true,
    wrap: rubyWrap,
    topLevelEnd: rubyTopLevelEnd,
    classTracker: () => new RubyScopeTracker(),
    // A hunk that starts inside a method and closes it (`end` / `end`) before the class's next `def`: stand-in
    // openers for the blocks it closes, so what follows stays in the class around them.
    tailOpeners: (wrapper, _closed, _context, lines) => {
      const ends = rubyLeadingEnds(lines);
      // A hunk that starts inside a hash, array or call (`:Key => value,` … `}`): its opener, so its pairs parse.
      const bracket = rubyLeadingBracket(lines);
      const opener = bracket === "(" ? ["__hintscope__("] : bracket ? [`__hintscope__ = ${bracket}`] : [];
      // (Under a method's own stand-in, `def __hintscope__`, its `end` is that method's: nothing to open.)
      return /^(class|module|(RSpec\.)?(describe|context))\s/.test(wrapper.prefix.at(-1) ?? "") && ends > 0
        ? ["def __hintscope_tail__", ...Array.from({ length: ends - 1 }, () => "begin"), ...opener]
        : opener;
    },
    blockComments: false,
    endOfContextBody: (context, lines) => Math.min(indentedBodyEnd(context, lines), defEnd(context, lines)),
    // (A hunk that ends inside an array or hash, `COLORS = [`, has it closed first: else the class around it breaks.)
    closeOpenBlocks: (suffix, lines) => {
      const brackets = closersOfOpenBrackets(lines.map((line) => line.replace(/(^|\s)#(?!\{).*$/, "")));
      return [
        ...(brackets !== "" ? [brackets] : []),
        ...Array.from({ length: rubyOpenBlocks(lines) }, () => "end"),
        ...suffix,
      ];
    },
  },
  uses: {
    calledProtocols: ["inspect", "to_s", "to_str", "to_h", "to_a", "to_ary", "to_json", "hash", "eql?"],
    bareCallsReachIncluded: true,
    namespacedTypes: true,
    literalMembersAreBuiltin: true,
    importOmitsExtension: true,
    ownersSpeltFromFileNames: true,
  },
};
