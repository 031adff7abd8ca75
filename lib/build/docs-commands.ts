import { parseArgs } from "node:util";
import ts from "typescript";

/**
 * Checks the commands the docs show against the command line's own parser, so the docs cannot rot: every
 * `npm run hints -- …` (and `hints …`) names a command `lib/cli/hints.ts` has, and every option it uses is
 * one that file's parseArgs declares, read from its source (importing it would run the command line).
 */

/** A command shown in a Markdown file: where, and its text from the command's name on. */
export interface DocCommand {
  file: string;
  line: number;
  /** `hints` for the command line, else the npm script's name (`npm run bench:ui`) */
  kind: "hints" | "npm-run";
  /** for `hints`: what follows `npm run hints --` (or `hints`); for `npm-run`: the script's name */
  text: string;
}

export interface CliGrammar {
  commands: Set<string>;
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
}

const HINTS_IN_NPM = /npm run hints --(?=\s|$)/g;
// `hints import …` at the start of a span or a shell line (after any VAR=value settings).
const BARE_HINTS = /^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*hints\s+(?=[a-z])/;
const NPM_RUN = /npm run ([\w:.-]+)/g;

/** Every command a Markdown text shows, in fenced shell blocks and in inline code spans. */
export function extractCommands(markdown: string, file: string): DocCommand[] {
  const lines = markdown.split("\n");
  const found: DocCommand[] = [];
  const prose: string[] = [];
  let fence: string | null = null;
  let shellFence = false;
  lines.forEach((text, index) => {
    const opener = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(text);
    if (fence === null && opener) {
      fence = opener[1] ?? "```";
      shellFence = ["", "sh", "bash", "shell", "console", "zsh"].includes(opener[2] ?? "");
      prose.push("");
      return;
    }
    if (fence !== null) {
      if (text.trim().startsWith(fence)) fence = null;
      else if (shellFence) found.push(...commandsInShellLine(text, file, index + 1));
      prose.push("");
      return;
    }
    prose.push(text);
  });
  // Inline code spans may wrap across lines of a paragraph.
  const joined = prose.join("\n");
  for (const span of joined.matchAll(/(`+)([^`]+?)\1/g)) {
    const line = joined.slice(0, span.index).split("\n").length;
    const code = (span[2] ?? "").replace(/\s*\n\s*/g, " ").trim();
    found.push(...commandsInCode(code, file, line));
  }
  return found;
}

function commandsInShellLine(text: string, file: string, line: number): DocCommand[] {
  // A comment starts at a # after a space (or the line's start).
  const code = text.replace(/(^|\s)#.*$/, "");
  return code.split(/\s(?:&&|\|\||;)\s/).flatMap((part) => commandsInCode(part.trim(), file, line));
}

function commandsInCode(code: string, file: string, line: number): DocCommand[] {
  const out: DocCommand[] = [];
  for (const match of code.matchAll(NPM_RUN)) {
    const script = match[1] ?? "";
    if (script !== "hints") out.push({ file, line, kind: "npm-run", text: script });
  }
  const starts = [...code.matchAll(HINTS_IN_NPM)].map((m) => (m.index ?? 0) + m[0].length);
  const bare = BARE_HINTS.exec(code);
  if (bare && starts.length === 0) starts.push(bare[0].length);
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? code.length;
    const text = code
      .slice(start, end)
      .replace(/npm run hints\s*$/, "")
      .trim();
    out.push({ file, line, kind: "hints", text });
  });
  return out;
}

/** Splits a command's text as a shell would (quotes kept together), docs' brackets and ellipses dropped. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    if (match[1] !== undefined || match[2] !== undefined) {
      tokens.push(match[1] ?? match[2] ?? "");
      continue;
    }
    const word = (match[3] ?? "").replace(/[[\]]/g, "").replace(/^\(+|\)+[,.;:]?$|[,.;:]$/g, "");
    if (word === "" || /^(\.\.\.|…)$/.test(word)) continue;
    // `--from|--to` in a synopsis: each alternative is an option of its own.
    if (word.startsWith("-") && word.includes("|")) tokens.push(...word.split("|"));
    else tokens.push(word);
  }
  return tokens;
}

const SHELL_PROGRAMS = new Set(["head", "tail", "jq", "grep", "less", "wc", "sort"]);

/** The problems of one shown command (empty when the command line would take it), each a sentence. */
export function checkCommand(command: DocCommand, grammar: CliGrammar, scripts: Set<string>): string[] {
  const where = `${command.file}:${command.line}`;
  if (command.kind === "npm-run")
    return scripts.has(command.text) ? [] : [`${where}: npm run ${command.text}: package.json has no such script`];
  const problems: string[] = [];
  // `sets publish NAME | sets compare NAME`: alternatives, each a command; a pipe into another program ends it.
  const segments: string[][] = [[]];
  for (const token of tokenize(command.text)) {
    if (token === "|") segments.push([]);
    else segments[segments.length - 1]?.push(token);
  }
  const first = segments[0]?.[0];
  segments.forEach((tokens, i) => {
    const head = tokens[0] ?? "";
    if (i > 0 && SHELL_PROGRAMS.has(head)) return;
    if (i > 0 && !grammar.commands.has(head)) tokens.unshift(first ?? "");
    problems.push(...checkArgs(tokens, grammar, `${where}: hints ${tokens.join(" ")}`));
  });
  return problems;
}

function checkArgs(args: string[], grammar: CliGrammar, label: string): string[] {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args, options: grammar.options, allowPositionals: true, strict: true }));
  } catch (error) {
    return [`${label}: ${(error as Error).message}`];
  }
  const name = positionals[0];
  if (name === undefined) return args.includes("--help") || args.includes("-h") ? [] : [`${label}: no command`];
  return grammar.commands.has(name) ? [] : [`${label}: "${name}" is not a command of lib/cli/hints.ts`];
}

/**
 * The command line's grammar, read from the source of lib/cli/hints.ts: the options object given to
 * parseArgs, and the commands its `switch (command)` dispatches.
 */
export function readCliGrammar(source: string): CliGrammar {
  const file = ts.createSourceFile("hints.ts", source, ts.ScriptTarget.Latest, true);
  const commands = new Set<string>();
  let options: CliGrammar["options"] | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "parseArgs") {
      const config = node.arguments[0];
      const literal = config && ts.isObjectLiteralExpression(config) ? propertyOf(config, "options") : undefined;
      if (literal && ts.isObjectLiteralExpression(literal)) options = readOptions(literal);
    }
    if (ts.isSwitchStatement(node) && ts.isIdentifier(node.expression) && node.expression.text === "command")
      for (const clause of node.caseBlock.clauses)
        if (ts.isCaseClause(clause) && ts.isStringLiteral(clause.expression)) commands.add(clause.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!options) throw new Error("lib/cli/hints.ts: no parseArgs({ options: { … } }) found");
  if (commands.size === 0) throw new Error('lib/cli/hints.ts: no switch (command) { case "…" } found');
  return { commands, options };
}

function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties)
    if (ts.isPropertyAssignment(property) && keyOf(property.name) === name) return property.initializer;
  return undefined;
}

function keyOf(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

function readOptions(literal: ts.ObjectLiteralExpression): CliGrammar["options"] {
  const options: CliGrammar["options"] = {};
  for (const property of literal.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
    const name = keyOf(property.name);
    const type = propertyOf(property.initializer, "type");
    const short = propertyOf(property.initializer, "short");
    if (!name || !type || !ts.isStringLiteral(type) || (type.text !== "string" && type.text !== "boolean"))
      throw new Error(`lib/cli/hints.ts: the option ${name ?? "?"} has no type "string" or "boolean"`);
    options[name] = { type: type.text, ...(short && ts.isStringLiteral(short) ? { short: short.text } : {}) };
  }
  return options;
}
