import { expect, test } from "vitest";
import { scanJsonDocument } from "./json-document-scan";

test("repeated keys at any depth, with their lines and whether the values agree", () => {
  const text = [
    "{",
    '  "a": 1,',
    '  "nested": {"x": [1, {"y": "s"}], "x": [1, {"y": "s"}]},',
    '  "list": [{"k": "v\\"q"}, {"k": 1, "k": 2}],',
    '  "a": 1.0',
    "}",
  ].join("\n");
  expect(scanJsonDocument(text).repeated).toEqual([
    { key: "x", path: "$.nested", firstLine: 3, line: 3, sameValue: true },
    { key: "k", path: "$.list[1]", firstLine: 4, line: 4, sameValue: false },
    // 1 and 1.0 are the same number but not the same text: said, not silently equal.
    { key: "a", path: "$", firstLine: 2, line: 5, sameValue: false },
  ]);
});

test("the top object's number literals as written; escaped keys; nothing else", () => {
  const scan = scanJsonDocument(
    '{"pass_rate": 75.0, "total": 12, "n\\u0061me": "x", "deep": {"rate": 1.0}, "e": 1e-3}',
  );
  expect(scan.numberLiterals).toEqual({ pass_rate: "75.0", total: "12", e: "1e-3" });
  expect(scanJsonDocument('{"__proto__": 1, "constructor": 2.50}').numberLiterals).toEqual(
    JSON.parse('{"__proto__": "1", "constructor": "2.50"}'),
  );
});

test("deep nesting does not overflow the stack", () => {
  const depth = 100_000;
  const text = `{"a": ${"[".repeat(depth)}${"]".repeat(depth)}, "a": 1}`;
  expect(scanJsonDocument(text).repeated).toMatchObject([{ key: "a", sameValue: false }]);
});
