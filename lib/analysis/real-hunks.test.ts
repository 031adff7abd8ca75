// Error classes of the analysis on real hunks: each fixture is a diff git made between two real commits
// (provenance in lib/testing/real-data/README.md, "hunks/"), cut to the files the case needs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance } from "./analyze-instance";

const hunks = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");

/** Analyses a real commit's code and test diffs as an instance's gold and test patches, from hunks only. */
const analyseCommit = (code: string, test: string) =>
  analyzeInstance({ instanceId: code, goldPatch: hunks(code), testPatch: hunks(test) });

const found = (analysis: Awaited<ReturnType<typeof analyseCommit>>, name: string) =>
  analysis.identifiers.find((i) => i.name === name);

describe("Java: a hunk whose header names a method, with that method's tail `}` and a new method", () => {
  test("jackson-core c75b84e: JsonFactory.setStreamReadConstraints is new, of the file's class; the named method is not changed", async () => {
    const analysis = await analyseCommit("jackson-core-c75b84e-code.diff", "jackson-core-c75b84e-test.diff");
    expect(found(analysis, "JsonFactory.setStreamReadConstraints")).toMatchObject({
      kind: "method",
      status: "new",
      signature: "public JsonFactory setStreamReadConstraints(StreamReadConstraints src)",
    });
    expect(found(analysis, "JsonFactory.setStreamReadConstraints")?.policies).toContain("defuse");
    // `@@ … @@ public static int collectDefaults()` heads a hunk that only changes a field's modifiers.
    expect(analysis.identifiers.some((i) => i.member === "collectDefaults")).toBe(false);
    expect(found(analysis, "JsonFactory._streamReadConstraints")).toMatchObject({ kind: "field", status: "changed" });
  });

  test("jackson-core 7140de6: a hunk that starts inside a Javadoc comment: its prose defines nothing, the method after it is found", async () => {
    const analysis = await analyseCommit("jackson-core-7140de6-code.diff", "jackson-core-7140de6-test.diff");
    expect(found(analysis, "JsonParser.getNumberTypeFP")).toMatchObject({ kind: "method", status: "new" });
    expect(found(analysis, "JsonParser.getNumberTypeFP")?.policies).toContain("defuse");
    // The Javadoc's words (`accessor`, `can`, `called`, `of`) are no fields, and a hunk inside a comment
    // changes nothing in the method git names on its header.
    const code = analysis.identifiers.filter((i) => i.side === "code" && i.kind !== "name");
    expect(code.filter((i) => i.kind === "field")).toEqual([]);
    expect(code.some((i) => i.member === "getNumberValueDeferred")).toBe(false);
  });

  test("jackson-core 7140de6: an `@Override` takes its name from the method it overrides: JsonParserDelegate's is not stated", async () => {
    const analysis = await analyseCommit("jackson-core-7140de6-code.diff", "jackson-core-7140de6-test.diff");
    expect(found(analysis, "JsonParserDelegate.getNumberTypeFP")).toMatchObject({ kind: "method", status: "new" });
    expect(found(analysis, "JsonParserDelegate.getNumberTypeFP")?.policies).not.toContain("defuse");
  });
});
