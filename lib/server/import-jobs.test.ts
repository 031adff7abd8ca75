import { expect, test } from "vitest";
import { ImportError } from "../ingest/import-error";
import { describeImportFailure } from "./import-jobs";

test("an upload's problems never show the server's temporary path, however many there are", async () => {
  const file = "/tmp/hintscope-upload-abc123/results.jsonl";
  const error = ImportError.many([1, 2, 3].map((line) => new ImportError(file, line, `problem ${line}`)));
  const described = describeImportFailure(error, "results.jsonl", file);
  expect(described.errors.join("\n")).not.toContain("/tmp/");
  expect(described.errors[0]).toBe(
    "results.jsonl:1: problem 1\nresults.jsonl:2: problem 2\nresults.jsonl:3: problem 3",
  );
});
