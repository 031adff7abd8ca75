import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkCommand, extractCommands, readCliGrammar } from "./docs-commands";

const root = path.resolve(import.meta.dirname, "../..");
const grammar = readCliGrammar(readFileSync(path.join(root, "lib/cli/hints.ts"), "utf8"));
const scripts = new Set(Object.keys(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts));

const markdownUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownUnder(path.join(dir, entry.name))
      : entry.name.endsWith(".md")
        ? [path.join(dir, entry.name)]
        : [],
  );
const docs = ["README.md", ...markdownUnder("docs")];
const commandsOf = (file: string) => extractCommands(readFileSync(path.join(root, file), "utf8"), file);
const problemsOf = (markdown: string) =>
  extractCommands(markdown, "made-up.md").flatMap((command) => checkCommand(command, grammar, scripts));

describe("the commands the docs show", () => {
  test("the grammar is the command line's own: its commands and the options its parseArgs declares", () => {
    expect(grammar.commands).toContain("import");
    expect(grammar.commands).toContain("judge");
    expect(grammar.options.benchmark).toEqual({ type: "string" });
    expect(grammar.options.json).toEqual({ type: "boolean" });
    expect(grammar.options.help).toEqual({ type: "boolean", short: "h" });
  });

  test.each(docs)("%s: every command exists and every option is one lib/cli/hints.ts declares", (file) => {
    const problems = commandsOf(file).flatMap((command) => checkCommand(command, grammar, scripts));
    expect(problems).toEqual([]);
  });

  test("the README and the command-line reference show commands (the extraction finds them)", () => {
    expect(commandsOf("README.md").filter((c) => c.kind === "hints").length).toBeGreaterThanOrEqual(1);
    const reference = commandsOf("docs/reference/command-line.md").filter((c) => c.kind === "hints");
    // Every command the command line has is shown in its reference.
    const shown = new Set(reference.map((c) => c.text.split(/\s+/)[0]));
    expect([...grammar.commands].filter((command) => !shown.has(command))).toEqual([]);
  });
});

describe("the check fails on what the command line would refuse", () => {
  test("a made-up option, in a shell block and in an inline span", () => {
    const problems = problemsOf(
      [
        "```sh",
        "npm run hints -- export --set demo --out dir --made-up-option  # a comment --not-an-option",
        "```",
        "Then `hints sets compare demo --from 1 --frobnicate 2`.",
      ].join("\n"),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^made-up\.md:2: hints export .*Unknown option '--made-up-option'/);
    expect(problems[1]).toMatch(/^made-up\.md:4: hints sets compare .*Unknown option '--frobnicate'/);
  });

  test("a made-up command, a string option without its value, a boolean given one, a missing script", () => {
    const problems = problemsOf(
      [
        "`npm run hints -- frobnicate FILE`",
        "`npm run hints -- import FILE --benchmark`",
        "`npm run hints -- report policies --json=yes`",
        "`npm run bench:nothing`",
      ].join("\n"),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^made-up\.md:1: .*"frobnicate" is not a command/),
      expect.stringMatching(/^made-up\.md:2: .*--benchmark/),
      expect.stringMatching(/^made-up\.md:3: .*--json/),
      "made-up.md:4: npm run bench:nothing: package.json has no such script",
    ]);
  });

  test("synopses read as the command line reads them: brackets, alternatives, quotes, wrapped spans", () => {
    const shown = [
      "`npm run hints -- sets publish NAME | sets compare NAME [--from N] [--to M]`, and",
      '`npm run hints -- judge plan --benchmark "SWE-bench Pro" --selection defuse',
      "--endpoint openai`; `hints report resolve-rates|policies [--benchmark B] [--json]`;",
      "`npm run hints -- export --set NAME --out DIR | head` and `hints_text` (a field, not a command).",
      "```sh",
      "DATABASE_URL=postgresql://… npm run hints -- worker    # on any machine",
      "npm run build && npm run bench:ui",
      "```",
    ].join("\n");
    const commands = extractCommands(shown, "synopsis.md");
    expect(commands.map((c) => `${c.line} ${c.kind} ${c.text}`)).toEqual([
      "6 hints worker",
      "7 npm-run build",
      "7 npm-run bench:ui",
      "1 hints sets publish NAME | sets compare NAME [--from N] [--to M]",
      '2 hints judge plan --benchmark "SWE-bench Pro" --selection defuse --endpoint openai',
      "3 hints report resolve-rates|policies [--benchmark B] [--json]",
      "4 hints export --set NAME --out DIR | head",
    ]);
    expect(commands.flatMap((command) => checkCommand(command, grammar, scripts))).toEqual([]);
  });
});
