// The classes of error found on fourteen instances labelled blind in the tenth session (issue 43: fresh labels
// before a fix), each on the real record it was found in (lib/testing/real-data/fresh-labels-10, provenance in
// its README), analysed from hunks only as the import does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { analyseRecordFiles, picked } from "../testing/analysis-helpers";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance, type InstanceAnalysis } from "./analyze-instance";

const hunk = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");

let analysisOf: (part: string) => InstanceAnalysis;

beforeAll(async () => {
  analysisOf = await analyseRecordFiles("fresh-labels-10", [
    "swebench-pro-sample.jsonl",
    "swebench-multilingual.jsonl",
  ]);
});

const defuse = (part: string) => picked(analysisOf(part), "defuse");

describe("Go: the test's own table struct", () => {
  test("teleport 629dc43: `bpt{workers: 1}` and `tt.workers` name the test's struct bpt, not the code's unexported config fields; code never reads a _test.go", () => {
    expect(defuse("teleport-629dc432")).toEqual(
      ["Capacity", "InputBuf", "New", "OutputBuf", "Queue.Close", "Queue.Pop", "Queue.Push", "Workers"].sort(),
    );
  });
});

describe("Go: the test's own anonymous table struct", () => {
  test("teleport 32bcd71: `[]struct{ devicesLimitReached bool }` and `test.devicesLimitReached` are the test's, not FakeDeviceService's new field of that name", async () => {
    const analysis = await analyzeInstance({
      instanceId: "teleport-32bcd71",
      goldPatch: hunk("teleport-32bcd71-code.diff"),
      testPatch: hunk("teleport-32bcd71-test.diff"),
    });
    const picked = analysis.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
    expect(picked).toEqual(["FakeDeviceService.SetDevicesLimitReached"]);
    // The anonymous struct's fields are nothing to state.
    expect(analysis.identifiers.map((i) => i.name)).not.toContain("devicesLimitReached");
  });
});

describe("a method whose class line no hunk shows, reached through a variable the test made an instance of", () => {
  test("ansible e64c6c1: `z = ZipArchive(…)` then `z._valid_time_stamp(…)`: the method is ZipArchive's", () => {
    expect(defuse("ansible-e64c6c1ca50d")).toEqual(["ZipArchive._valid_time_stamp"]);
  });
});

describe("TypeScript: a component's props in the tests' JSX", () => {
  test("webclients 5f0745d: `<BitcoinContext onTokenValidated={…} awaitingPayment={false} enableValidation />` (Bitcoin wrapped, imported from './Bitcoin') uses the new fields of Bitcoin.tsx's Props", () => {
    expect(defuse("webclients-5f0745dd")).toEqual(
      ["Props.awaitingPayment", "Props.enableValidation", "Props.onTokenValidated", "flushPromises"].sort(),
    );
  });

  test("the code calling its own `onTokenValidated` prop is no use of the test module's `const onTokenValidated = jest.fn()`", () => {
    const testConstant = analysisOf("webclients-5f0745dd").identifiers.find(
      (i) => i.side === "test" && i.name === "onTokenValidated",
    );
    expect(testConstant?.policies ?? []).not.toContain("defuse");
  });
});

describe("Ruby: classes in modules", () => {
  test("jekyll 8771: `module Jekyll; class DataEntry` is DataEntry (the module a namespace), and the tests' `Jekyll::DataEntry.new` reaches it", () => {
    const picked = defuse("jekyll__jekyll-8771");
    expect(picked).toEqual(
      expect.arrayContaining(["DataEntry", "DataEntry.data", "DataHash", "DataHash.merge", "DataHash.merge!"]),
    );
    expect(picked.filter((name) => name.startsWith("Jekyll."))).toEqual([]);
  });
});
