// Test-facing message shapes missed or mistaken on real SWE-bench Lite records, found against OpenAI's Verified
// annotations (issue 43): split from literals.test.ts, which holds the per-language table and the earlier records.
import { describe, expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

describe("message shapes missed or mistaken on real SWE-bench Lite records (issue 43, Verified annotations)", () => {
  const literalsOf = async (goldPatch: string, testPatch: string) =>
    (await analyzeInstance({ instanceId: "case", goldPatch, testPatch })).literals.map((l) => l.text);

  test("a message built with `+` from literals and code is one template; a string a name holds is checked by an unchanged assert (sympy__sympy-13971)", async () => {
    // sympy/printing/latex.py's _print_SeqFormula returns r"\left[" + r", ".join(…) + r"\right]"; the test
    // (sympy/printing/tests/test_latex.py) asserts latex(s1) == latex_str, latex_str = r'\left[0, 1, 4, 9, \ldots\right]'.
    // The patch changes only the assignments: the assert lines that check latex_str are context. Cut from the
    // record: one hunk of each patch, two of the test's twelve strings.
    const gold = [
      "diff --git a/sympy/printing/latex.py b/sympy/printing/latex.py",
      "--- a/sympy/printing/latex.py",
      "+++ b/sympy/printing/latex.py",
      "@@ -1657,9 +1657,9 @@ def _print_SeqFormula(self, s):",
      "         else:",
      "             printset = tuple(s)",
      " ",
      '-        return (r"\\left\\["',
      '+        return (r"\\left["',
      '               + r", ".join(self._print(el) for el in printset)',
      '-              + r"\\right\\]")',
      '+              + r"\\right]")',
      " ",
      "     _print_SeqPer = _print_SeqFormula",
      "     _print_SeqAdd = _print_SeqFormula",
      "",
    ].join("\n");
    const tests = [
      "diff --git a/sympy/printing/tests/test_latex.py b/sympy/printing/tests/test_latex.py",
      "--- a/sympy/printing/tests/test_latex.py",
      "+++ b/sympy/printing/tests/test_latex.py",
      "@@ -614,9 +614,9 @@ def test_latex_sequences():",
      "     s1 = SeqFormula(a**2, (0, oo))",
      "     s2 = SeqPer((1, 2))",
      " ",
      "-    latex_str = r'\\left\\[0, 1, 4, 9, \\ldots\\right\\]'",
      "+    latex_str = r'\\left[0, 1, 4, 9, \\ldots\\right]'",
      "     assert latex(s1) == latex_str",
      " ",
      "-    latex_str = r'\\left\\[1, 2, 1, 2, \\ldots\\right\\]'",
      "+    latex_str = r'\\left[1, 2, 1, 2, \\ldots\\right]'",
      "     assert latex(s2) == latex_str",
      " ",
      "",
    ].join("\n");
    expect(await literalsOf(gold, tests)).toEqual([
      String.raw`\left[0, 1, 4, 9, \ldots\right]`,
      String.raw`\left[1, 2, 1, 2, \ldots\right]`,
    ]);
  });

  test("a template whose fixed text is one short word produces no message (django__django-12125: 'import %s')", async () => {
    // The fix (django/db/migrations/serializer.py) changes a line holding {"import %s" % module}; the test
    // (tests/migrations/test_writer.py) expects {'import migrations.test_writer'}: an import line the serializer
    // has always written, which a template of seven fixed characters matches as it would any `import X`.
    const gold = [
      "diff --git a/django/db/migrations/serializer.py b/django/db/migrations/serializer.py",
      "--- a/django/db/migrations/serializer.py",
      "+++ b/django/db/migrations/serializer.py",
      "@@ -269,7 +269,7 @@ def serialize(self):",
      "             if module == builtins.__name__:",
      "                 return self.value.__name__, set()",
      "             else:",
      '-                return "%s.%s" % (module, self.value.__name__), {"import %s" % module}',
      '+                return "%s.%s" % (module, self.value.__qualname__), {"import %s" % module}',
      " ",
      " ",
      " class UUIDSerializer(BaseSerializer):",
      "",
    ].join("\n");
    const tests = [
      "diff --git a/tests/migrations/test_writer.py b/tests/migrations/test_writer.py",
      "--- a/tests/migrations/test_writer.py",
      "+++ b/tests/migrations/test_writer.py",
      "@@ -383,5 +383,14 @@ class DateChoices(datetime.date, models.Choices):",
      '             "default=datetime.date(1969, 11, 19))"',
      "         )",
      " ",
      "+    def test_serialize_nested_class(self):",
      "+        for nested_cls in [self.NestedEnum, self.NestedChoices]:",
      "+            cls_name = nested_cls.__name__",
      "+            with self.subTest(cls_name):",
      "+                self.assertSerializedResultEqual(",
      "+                    nested_cls,",
      "+                    (\"migrations.test_writer.WriterTests.%s\" % cls_name, {'import migrations.test_writer'}),",
      "+                )",
      "+",
      "     def test_serialize_uuid(self):",
      "         self.assertSerializedEqual(uuid.uuid1())",
      "",
    ].join("\n");
    expect(await literalsOf(gold, tests)).toEqual([]);
  });
});
