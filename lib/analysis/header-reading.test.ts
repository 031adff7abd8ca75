// Hunk-header readings that must not over-reach (a review of the twelfth session's rules found each; every
// hunk below is written as git writes one, to pin the shape the rule must leave alone).
import { describe, expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

/** One modified file's diff: each hunk its header's context and its lines (` `, `-`, `+` prefixed). */
function diffOf(path: string, hunks: Array<{ start: number; context: string; lines: string[] }>): string {
  const body = hunks.map(({ start, context, lines }) => {
    const old = lines.filter((l) => !l.startsWith("+")).length;
    const next = lines.filter((l) => !l.startsWith("-")).length;
    return [`@@ -${start},${old} +${start},${next} @@ ${context}`, ...lines].join("\n");
  });
  return [`diff --git a/${path} b/${path}`, `--- a/${path}`, `+++ b/${path}`, ...body, ""].join("\n");
}

const definitions = async (patch: string) =>
  (await analyzeInstance({ instanceId: "x", goldPatch: patch, testPatch: "" })).identifiers
    .filter((i) => i.kind !== "name")
    .map((i) => `${i.name} ${i.kind} ${i.status}`);

describe("a header that only looks like a type's", () => {
  test("C: `struct node *make_node(int kind)` is a function returning a struct", async () => {
    const patch = diffOf("src/tree.c", [
      {
        start: 10,
        context: "struct node *make_node(int kind)",
        lines: ["     n->kind = kind;", "-    x = 3;", "+    x = 4;"],
      },
    ]);
    expect(await definitions(patch)).toEqual(["make_node function changed"]);
  });

  test("C++: `public:` at column 0 inside `class Widget {` does not end the class", async () => {
    const patch = diffOf("src/widget.hpp", [
      { start: 10, context: "class Widget {", lines: [" public:", "-  int width;", "+  long width;", " };"] },
    ]);
    expect(await definitions(patch)).toContain("Widget class changed");
  });
});

describe("lines at column 0 inside a body that are none of the next item", () => {
  test("JavaScript: commented-out code (`//  debug(a);`) keeps the function going", async () => {
    const patch = diffOf("src/render.js", [
      {
        start: 10,
        context: "function render(props) {",
        lines: ["   const a = 1;", " //  debug(a);", "-  return a;", "+  return a + 1;", " }"],
      },
    ]);
    expect(await definitions(patch)).toEqual(["render function changed"]);
  });

  test("JavaScript: a template literal's `}` at column 0 is the string's", async () => {
    const patch = diffOf("src/styles.js", [
      {
        start: 10,
        context: "function styles() {",
        lines: ["   const css = `", " .a {", " }", " `;", "-  return css;", "+  return css.trim();", " }"],
      },
    ]);
    expect(await definitions(patch)).toEqual(["styles function changed"]);
  });

  test("PHP: a heredoc's `}` is the string's, not the method's end", async () => {
    const patch = diffOf("src/Page.php", [
      {
        start: 10,
        context: "public function script()",
        lines: [
          "         $js = <<<JS",
          " function f() {",
          " }",
          " JS;",
          "-        return $js;",
          "+        return trim($js);",
          "     }",
        ],
      },
    ]);
    expect(await definitions(patch)).toContain("script function changed");
  });
});

describe("Ruby: a local variable named like a spec keyword", () => {
  test("`context = build_context` after a block's `end` is still the method's body", async () => {
    const patch = diffOf("lib/view.rb", [
      {
        start: 10,
        context: "def render(opts)",
        lines: [
          "     if cached?",
          "       return @cache",
          "     end",
          "     context = build_context",
          "-    template.render(context)",
          "+    template.render(context, opts)",
        ],
      },
    ]);
    expect(await definitions(patch)).toEqual(["render function changed"]);
  });
});

describe("Java: a nested type an earlier hunk showed closing carries its members no further", () => {
  test("a later hunk under `public String toString() {` after `A`'s `}` is the file class's", async () => {
    const patch = diffOf("src/Outer.java", [
      {
        start: 10,
        context: "public class Outer {",
        lines: [
          "   static class A {",
          "     public String toString() {",
          '-      return "a";',
          '+      return "A";',
          "     }",
          "   }",
        ],
      },
      {
        start: 40,
        context: "public String toString() {",
        lines: ["   }", "+", "+  public int width() {", "+    return 1;", "+  }", " }"],
      },
    ]);
    const found = await definitions(patch);
    expect(found).toContain("Outer.width method new");
    expect(found.some((f) => f.startsWith("Outer.A.width"))).toBe(false);
  });
});
