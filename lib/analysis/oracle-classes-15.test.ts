// Classes the oracle (hunks against whole files, `npm run bench:oracle`) showed in the fifteenth session, each on
// the real hunk first. Fixtures: the shared records' patches, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis } from "../testing/analysis-helpers";

test("php-cs-fixer 7998: a hunk that starts inside a string begun above (`             ',`) reads the code in the next string (`<<<'PHP' class Foo2 { const int NULL = 0; }`) as text, not as classes", async () => {
  const result = await commitAnalysis("php-cs-fixer-7998");
  const testNames = result.identifiers.filter((i) => i.side === "test").map((i) => i.name);
  expect(testNames.filter((name) => /^Foo\d/.test(name))).toEqual([]);
  expect(testNames).toEqual(expect.arrayContaining(["ConstantCaseFixerTest.provideFix83Cases"]));
});

test("tutanota befce4b: under `@@ … @@ export class MailViewer …`, a hunk two tabs in or deeper (`actions.push(` / `m(ButtonN, {`, calls without `;`) is a method's body: `.catch(ofClass(UserError, showUserError))` defines no method", async () => {
  const result = await commitAnalysis("tutanota-befce4b");
  expect(result.identifiers.map((i) => [i.name, i.kind, i.status])).toEqual([["MailViewer", "class", "changed"]]);
});

test("nushell 13605: under `@@ … @@ pub(crate) fn dir_entry_dict(`, a hunk that goes on in its parameters to `) -> Result<…> {` at column 0 resumes the signature: the new parameter full_symlink_target is the function's, as exact mode says", async () => {
  const result = await commitAnalysis("nushell-13605");
  expect(
    result.identifiers.filter((i) => i.name.startsWith("dir_entry_dict")).map((i) => [i.name, i.kind, i.status]),
  ).toEqual([
    ["dir_entry_dict", "function", "changed"],
    ["dir_entry_dict.full_symlink_target", "parameter", "new"],
  ]);
});
