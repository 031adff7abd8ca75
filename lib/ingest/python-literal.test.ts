import { expect, test } from "vitest";
import { parsePythonLiteral } from "./python-literal";

test.each([
  ["single-quoted list", "['a', 'b']", ["a", "b"]],
  ["mixed quotes", `['it\\'s', "say \\"hi\\""]`, ["it's", 'say "hi"']],
  [
    "dict with nesting",
    "{'sha': 'abc', 'n': 1, 'ok': True, 'x': None, 'l': [1.5, -2]}",
    { sha: "abc", n: 1, ok: true, x: null, l: [1.5, -2] },
  ],
  ["empty list", "[]", []],
  ["tuple as list", "('a',)", ["a"]],
  ["escapes", "['line\\nbreak', 'tab\\t', '\\x41']", ["line\nbreak", "tab\t", "A"]],
  ["trailing comma", "['a', 'b',]", ["a", "b"]],
])("%s", (_name, text, expected) => {
  expect(parsePythonLiteral(text)).toEqual(expected);
});

test.each([
  ["unterminated string", "['abc"],
  ["missing separator", "['a' 'b']"],
  ["trailing junk", "['a'] x"],
  ["unknown word", "[nan]"],
])("rejects %s", (_name, text) => {
  expect(() => parsePythonLiteral(text)).toThrow(/Python literal/);
});
