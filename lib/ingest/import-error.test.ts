import { expect, test } from "vitest";
import { describeImportFailure } from "../server/import/import-jobs";
import { ImportError } from "./import-error";

test("a file's problems are each said once: nested lists are flattened, the upload page lists :2 :3 :4", () => {
  const at = (line: number) => new ImportError("/tmp/x/up.jsonl", line, `bad record ${line}`);
  // A reader's error that already lists its others, gathered again with more: each place once, in order.
  const inner = ImportError.many([at(2), at(3), at(4)]);
  const outer = ImportError.many([inner, at(7)]);
  expect(outer.all.map((e) => e.line)).toEqual([2, 3, 4, 7]);
  expect(outer.message.split("\n")).toEqual([
    "/tmp/x/up.jsonl:2: bad record 2",
    "/tmp/x/up.jsonl:3: bad record 3",
    "/tmp/x/up.jsonl:4: bad record 4",
    "/tmp/x/up.jsonl:7: bad record 7",
  ]);
  expect(describeImportFailure(inner, "runs.jsonl", "/tmp/x/up.jsonl").errors).toEqual([
    "runs.jsonl:2: bad record 2",
    "runs.jsonl:3: bad record 3",
    "runs.jsonl:4: bad record 4",
  ]);
});
