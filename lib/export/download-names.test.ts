import { expect, test } from "vitest";
import { attachmentHeader, commentsFileName, hintSetFileName, researchCsvName } from "./download-names";

test("every hint-set download of every version and variant has a name of its own, saying set, version and format", () => {
  const names: string[] = [];
  for (const version of [1, 2])
    for (const [file, options] of [
      ["jsonl", {}],
      ["jsonl", { flagged: true }],
      ["csv", {}],
      ["parquet", {}],
      ["native", {}],
      ["manifest", {}],
      ["manifest", { native: true }],
    ] as const)
      names.push(hintSetFileName("Lite doc", version, file, options));
  expect(new Set(names).size).toBe(names.length);
  expect(names.slice(0, 7)).toEqual([
    "lite-doc-v1.jsonl",
    "lite-doc-v1.with-flagged.jsonl",
    "lite-doc-v1.csv",
    "lite-doc-v1.parquet",
    "lite-doc-v1.native.jsonl",
    "lite-doc-v1.manifest.json",
    "lite-doc-v1.native.manifest.json",
  ]);
  // A set named in another script keeps its letters; one with no letter at all is still named.
  expect(hintSetFileName("Подсказки", 3, "csv")).toBe("подсказки-v3.csv");
  expect(hintSetFileName("→ ←", 1, "jsonl")).toBe("hint-set-v1.jsonl");
});

test("a research table's download says the table and every filter it was narrowed by", () => {
  expect(researchCsvName("resolve-rates", new URLSearchParams())).toBe("research-resolve-rates.csv");
  const narrowed = researchCsvName(
    "resolve-rates",
    new URLSearchParams({ projection: "declaration", benchmark: "SWE-bench Pro", model: "gpt-4o", selection: "" }),
  );
  expect(narrowed).toBe("research-resolve-rates.swe-bench-pro.gpt-4o.declaration.csv");
  expect(researchCsvName("resolve-rates", new URLSearchParams({ benchmark: "SWE-bench Lite" }))).not.toBe(
    researchCsvName("resolve-rates", new URLSearchParams({ benchmark: "SWE-bench Pro" })),
  );
  expect(commentsFileName(undefined)).toBe("comments.jsonl");
  expect(commentsFileName("SWE-bench Pro")).toBe("comments.swe-bench-pro.jsonl");
});

test("the header names the file in ASCII and, exactly, in UTF-8 (RFC 6266)", () => {
  expect(attachmentHeader("lite-doc-v2.csv")).toBe(
    `attachment; filename="lite-doc-v2.csv"; filename*=UTF-8''lite-doc-v2.csv`,
  );
  expect(attachmentHeader("подсказки-v3.csv")).toBe(
    `attachment; filename="_________-v3.csv"; filename*=UTF-8''%D0%BF%D0%BE%D0%B4%D1%81%D0%BA%D0%B0%D0%B7%D0%BA%D0%B8-v3.csv`,
  );
});
