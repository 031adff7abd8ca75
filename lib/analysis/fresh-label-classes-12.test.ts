// The classes of error found on a hundred and twenty-three instances labelled blind in the eleventh session (issue 43:
// fresh labels before a fix), each on the real record it was found in (lib/testing/real-data/fresh-labels-12,
// provenance in its README), analysed from hunks only as the import does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { analyseRecordFiles, picked } from "../testing/analysis-helpers";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance, type InstanceAnalysis } from "./analyze-instance";

const hunk = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");

let analysisOf: (part: string) => InstanceAnalysis;

beforeAll(async () => {
  analysisOf = await analyseRecordFiles("fresh-labels-12", [
    "swebench-pro-sample.jsonl",
    "swebench-multilingual.jsonl",
    "swebench-lite.jsonl",
  ]);
});

const defuse = (part: string) => picked(analysisOf(part), "defuse");

describe("Go: a selector's field is that use alone", () => {
  test("flipt 524f277: `rule.SegmentKey` is a field of whatever rule is, never the package's new type SegmentKey", () => {
    const analysis = analysisOf("flipt-524f2773");
    const type = analysis.identifiers.find((i) => i.name === "SegmentKey" && i.kind === "type");
    expect(type?.policies).not.toContain("defuse");
    // Still the code's new type, for the selections that take every new name.
    expect(type?.policies).toContain("pro");
  });
});

describe("a field re-homed from one type to another keeps a name the code had", () => {
  test("flipt 524f277: `rollout.GetSegment().SegmentOperator` (a protobuf's field) is not the new Segments.SegmentOperator, which Rule.SegmentOperator held before", () => {
    expect(defuse("flipt-524f2773")).not.toContain("Segments.SegmentOperator");
  });

  test("navidrome d0dceae: the tests' `ds.Album(…)` is no use of server's new shareTrack.Album (re-homed from model's ShareTrack, which loses it)", () => {
    expect(defuse("navidrome-d0dceae")).not.toContain("shareTrack.Album");
  });
});

describe("a fixture the code patch adds, named by a test's path", () => {
  test('flipt c172805: `os.ReadFile("fixtures/valid.yaml")` in internal/cue needs internal/cue/fixtures/valid.yaml and invalid.yaml', () => {
    expect(defuse("flipt-c1728053")).toEqual(
      ["internal/cue/fixtures/invalid.yaml", "internal/cue/fixtures/valid.yaml", "validate"].sort(),
    );
    const file = analysisOf("flipt-c1728053").identifiers.find((i) => i.name === "internal/cue/fixtures/valid.yaml");
    expect(file).toMatchObject({
      kind: "file",
      newFile: true,
      side: "code",
      status: "new",
      policies: ["defuse", "pro"],
    });
    expect(file?.usedAt[0]).toMatchObject({ patch: "test", path: "internal/cue/validate_test.go" });
  });

  test("flipt 524f277: the new testdata file the importer's test table names is stated; the code's own YAML edits are not", () => {
    const picked = defuse("flipt-524f2773");
    expect(picked).toContain("internal/ext/testdata/import_rule_multiple_segments.yml");
    expect(picked.filter((name) => name.endsWith(".yaml") || name.endsWith(".yml"))).toHaveLength(1);
  });
});

describe("an import reaches a member only through its owner", () => {
  test("ansible 622a493: the module's `from …icx import run_commands` is no use of the test class's `self.run_commands = …` (a mock it keeps)", () => {
    expect(defuse("ansible-622a493ae")).toEqual(["lib/ansible/modules/network/icx/icx_ping.py"]);
  });
});

describe("Python: a dataclass's field is its constructor's keyword", () => {
  test("openlibrary 123e6e5: `PrioritizedIdentifier(identifier=…)` in the tests names the new class's field identifier", () => {
    expect(defuse("openlibrary-123e6e5e1c85")).toContain("PrioritizedIdentifier.identifier");
  });
});

describe("Python: a hunk wholly inside a docstring", () => {
  test("sklearn 10297: numpydoc's `store_cv_values : boolean, default=False` (under `----------`) is prose, not a field; the constructor's new parameter is what the tests pass", () => {
    const analysis = analysisOf("scikit-learn-10297");
    expect(analysis.identifiers.filter((i) => i.kind === "field").map((i) => i.name)).toEqual([]);
    expect(defuse("scikit-learn-10297")).toEqual(["RidgeClassifierCV.__init__.store_cv_values"]);
  });
});

describe("Rust: a function whose body runs past the hunk", () => {
  test("bat 2393: `pub fn list_themes(cfg: &Config, config_dir: &Path, cache_dir: &Path) -> Result<()> {` and four lines of body still parse: its signature and new parameters", () => {
    const fn = analysisOf("bat-2393").identifiers.find((i) => i.name === "list_themes");
    expect(fn).toMatchObject({
      kind: "function",
      status: "changed",
      signature: "pub fn list_themes(cfg: &Config, config_dir: &Path, cache_dir: &Path) -> Result<()>",
    });
    const params = analysisOf("bat-2393")
      .identifiers.filter((i) => i.kind === "parameter" && i.owner === "list_themes")
      .map((i) => i.member);
    expect(params.sort()).toEqual(["cache_dir", "config_dir"]);
  });
});

const hunkPair = async (code: string, test: string) =>
  analyzeInstance({ instanceId: code, goldPatch: hunk(code), testPatch: hunk(test) });

describe("TypeScript: a constructor's parameter property is a field", () => {
  test("element-web fe14847: `constructor(public readonly infoEvent: MatrixEvent, private client: MatrixClient)` declares VoiceBroadcastRecording.infoEvent, which the tests read; the private client is nobody else's", async () => {
    const analysis = await hunkPair("element-web-fe14847-code.diff", "element-web-fe14847-test.diff");
    const infoEvent = analysis.identifiers.find((i) => i.name === "VoiceBroadcastRecording.infoEvent");
    expect(infoEvent).toMatchObject({ kind: "field", status: "new" });
    expect(infoEvent?.policies).toContain("defuse");
    expect(analysis.identifiers.find((i) => i.name === "VoiceBroadcastRecording.client")?.policies ?? []).not.toContain(
      "defuse",
    );
  });
});

describe("a key only its name ties to namesakes: the one in the file the test loads", () => {
  test("element-web 4fec436: DeviceDetailHeading's test passes `saveDeviceName`: its Props', not the four other components' and the hook's namesakes", () => {
    const picked = analysisOf("element-web-4fec436")
      .identifiers.filter((i) => i.policies.includes("defuse") && i.member === "saveDeviceName")
      .map((i) => `${i.name} ${i.path}`);
    expect(picked).toEqual(["Props.saveDeviceName src/components/views/settings/devices/DeviceDetailHeading.tsx"]);
  });

  test("flipt 56a620b: a Go test's `s.SendAudits(…)` in package webhook is that package's new Sink.SendAudits (its own folder is loaded), not audit's", async () => {
    const analysis = await hunkPair("flipt-56a620-code.diff", "flipt-56a620-test.diff");
    const picked = analysis.identifiers
      .filter((i) => i.policies.includes("defuse") && i.member === "SendAudits")
      .map((i) => `${i.name} ${i.path}`);
    expect(picked).toEqual(["Sink.SendAudits internal/server/audit/webhook/webhook.go"]);
  });
});

describe("TypeScript: a typed object's keys are its type's fields", () => {
  test("webclients cba6ebb: `const DEVICE_2: Device = { …, haveLegacyName: false }` (and DEVICE_0's, under its header) uses Device's new field", () => {
    const field = analysisOf("webclients-cba6ebbd").identifiers.find((i) => i.name === "Device.haveLegacyName");
    expect(field?.policies).toContain("defuse");
    expect(field?.usedAt.filter((u) => !u.uncertain)).toHaveLength(3);
  });
});

describe("TypeScript: what a hint says of an accessor and of a function held in a typed binding", () => {
  test("element-web fe14847: `public get state()` is a property (read as a field), its signature keeps `get`", async () => {
    const analysis = await hunkPair("element-web-fe14847-code.diff", "element-web-fe14847-test.diff");
    expect(analysis.identifiers.find((i) => i.name === "VoiceBroadcastRecording.state")).toMatchObject({
      kind: "property",
      signature: "public get state(): VoiceBroadcastInfoState",
    });
  });

  test("element-web 4fec436: `export const DeviceDetailHeading: React.FC<Props> = ({…}) =>` states the binding's type", () => {
    expect(analysisOf("element-web-4fec436").identifiers.find((i) => i.name === "DeviceDetailHeading")?.signature).toBe(
      "DeviceDetailHeading: React.FC<Props> = ({ device, saveDeviceName, })",
    );
  });
});

describe("Python: a constructor's keyword passed on by a factory", () => {
  test("astropy 14182: `QTable.read(…, format='ascii.rst', header_rows=[…])` reaches RST.__init__'s new header_rows", () => {
    expect(defuse("astropy-14182")).toContain("RST.__init__.header_rows");
  });

  test("matplotlib 23913: `ax.legend(draggable=True)` reaches the legend's __init__'s new draggable", () => {
    expect(defuse("matplotlib-23913")).toContain("__init__.draggable");
  });

  test("ansible 6cc9744: a common keyword (`object='Hello'`, through `**kwargs`) reaches no constructor through another callee: `_AnsibleUnicode.__new__.object` is not picked", () => {
    const parameter = analysisOf("ansible-6cc97447aac").identifiers.find(
      (i) => i.name === "_AnsibleUnicode.__new__.object",
    );
    expect(parameter?.status).toBe("new");
    expect(parameter?.policies).not.toContain("defuse");
  });
});
