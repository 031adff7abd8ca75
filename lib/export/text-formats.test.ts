import { expect, test } from "vitest";
import { hintCsvLine } from "./hint-csv";
import { csvField } from "./text-formats";

test.each([
  ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
  ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
  ["+1", "'+1"],
  ["@SUM(A1)", "'@SUM(A1)"],
  ["\tx", "'\tx"],
  ["\rx", `"'\rx"`],
  ["plain, with a comma", '"plain, with a comma"'],
  ["django__django-15789", "django__django-15789"],
])("a cell a spreadsheet would run stays text: %j", (value, expected) => {
  expect(csvField(value)).toBe(expected);
});

test("numbers are written as numbers, negative ones too", () => {
  expect([csvField(-0.25), csvField(3), csvField(Number.NaN), csvField(null)]).toEqual(["-0.25", "3", "", ""]);
});

test("a hint line's CSV row neutralises an instance id and a note that start a formula", () => {
  const row = hintCsvLine({
    instance_id: "=HYPERLINK(1)",
    benchmark: "B",
    selection: "defuse",
    projection: "name",
    status: "flagged",
    flag_reason: "other",
    note: "-2+3+cmd|x",
    hint: "- `f`",
    identifiers: [],
  });
  // A Name-only hint begins with "- " too: in a spreadsheet it reads as text with the quote before it.
  expect(row).toBe("'=HYPERLINK(1),B,defuse,name,flagged,other,'-2+3+cmd|x,'- `f`,[],[],\r\n");
});
