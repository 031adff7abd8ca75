// The classes of error found on twelve instances labelled blind this session (issue 43: fresh labels before a
// fix), each on the real record it was found in (lib/testing/real-data/fresh-labels, provenance in its README),
// analysed from hunks only as the import does.
import { beforeAll, describe, expect, test } from "vitest";
import { analyseCase, analyseRecordFiles, picked } from "../testing/analysis-helpers";
import type { InstanceAnalysis } from "./analyze-instance";

let analysisOf: (part: string) => InstanceAnalysis;

beforeAll(async () => {
  analysisOf = await analyseRecordFiles("fresh-labels", [
    "swebench-multilingual.jsonl",
    "swebench-pro-sample.jsonl",
    "multi-swe-bench-java-sample.jsonl",
    "swebench-lite.jsonl",
  ]);
});

const defuse = (part: string) => picked(analysisOf(part), "defuse");
const identifier = (part: string, name: string) => analysisOf(part).identifiers.find((i) => i.name === name);

describe("Java", () => {
  test("an enum constant with a class body is a constant of its enum, not a constructor (gson-2024)", () => {
    // `UPPER_CASE_WITH_UNDERSCORES() { … }` under the hunk header `public enum FieldNamingPolicy …`; the test
    // reads FieldNamingPolicy.UPPER_CASE_WITH_UNDERSCORES.
    expect(defuse("gson-2024")).toContain("FieldNamingPolicy.UPPER_CASE_WITH_UNDERSCORES");
    expect(identifier("gson-2024", "FieldNamingPolicy.UPPER_CASE_WITH_UNDERSCORES")).toMatchObject({
      owner: "FieldNamingPolicy",
      status: "new",
    });
    expect(analysisOf("gson-2024").identifiers.filter((i) => i.kind === "constructor")).toEqual([]);
  });

  test("an @Override of a method the same patch adds is a use the tests can fail on (mockito-3220)", () => {
    // DoNotMockEnforcer gains a default overload that DoNotMockEnforcerWithType's new method overrides; the
    // test calls DoNotMockEnforcer.super.checkTypeForDoNotMockViolation(creationSettings).
    expect(defuse("mockito-3220")).toContain("DoNotMockEnforcer.checkTypeForDoNotMockViolation");
  });
});

describe("Go", () => {
  test("a key of a map literal is an expression: a use of the constant it names (teleport-a95b3ae0)", () => {
    // map[string]string{ kubeClusterEnvVar: … } in the test; kubeClusterEnvVar is a new constant of the code.
    expect(defuse("teleport-a95b3ae0")).toContain("kubeClusterEnvVar");
  });
});

describe("Python", () => {
  test("a method whose class line no hunk shows is reached by Class.method and named by it (qutebrowser-44e64199)", () => {
    // The hunk header is `def _infer_chromium_version(cls, …)`: the class line is outside every hunk; the test
    // calls version.WebEngineVersions.from_qt(…) and .from_pyqt_importlib(…).
    const names = defuse("qutebrowser-44e64199");
    expect(names).toContain("WebEngineVersions.from_qt");
    expect(names).toContain("WebEngineVersions.from_pyqt_importlib");
    expect(identifier("qutebrowser-44e64199", "WebEngineVersions.from_qt")).toMatchObject({
      owner: "WebEngineVersions",
      kind: "method",
    });
  });

  test("a method inserted in a class no hunk names is still a method, with no owner made up (scikit-learn-11281)", () => {
    // `def fit_predict(self, X, y=None):` under the header `def fit(self, X, y=None):`; the test calls it on
    // an instance (gmm.fit_predict), which does not name the class: the hunks cannot know BaseMixture.
    const found = analysisOf("scikit-learn-11281").identifiers.find((i) => i.member === "fit_predict");
    expect(found).toMatchObject({ kind: "method", status: "new", owner: null });
    expect(found?.policies).toContain("defuse");
  });
});

describe("signatures as the labels write them", () => {
  test("a function held in a const is stated as its binding: `name = (params): R` (element-web-6205c704)", () => {
    expect(identifier("element-web-6205c704", "determineVoiceBroadcastLiveness")?.signature).toBe(
      "determineVoiceBroadcastLiveness = (infoState: VoiceBroadcastInfoState): VoiceBroadcastLiveness",
    );
  });

  test.each([
    ["export const twice = (n: number): number => n * 2;", "twice = (n: number): number"],
    ["export const load = async (id: string) => fetch(id);", "load = async (id: string)"],
    ["export const one = x => x;", "one = (x)"],
    ["export function plain(a: string): void {}", "plain(a: string): void"],
  ])("TypeScript: %s", async (line, signature) => {
    const analysis = await analyseCase({
      code: [{ path: "src/util.ts", before: null, after: `${line}\n` }],
      test: [{ path: "test/util.test.ts", before: null, after: 'import { x } from "../src/util";\n' }],
    });
    const name = signature.split(/[ (]/)[0] as string;
    expect(analysis.identifiers.find((i) => i.name === name)?.signature).toBe(signature);
  });

  test("an abstract Java method's signature has no trailing `;` (mockito-3220 MockCreationSettings.getMockType)", () => {
    expect(identifier("mockito-3220", "MockCreationSettings.getMockType")?.signature).toBe("MockType getMockType()");
  });
});
