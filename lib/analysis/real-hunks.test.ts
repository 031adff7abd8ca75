// Error classes of the analysis on real hunks: each fixture is a diff git made between two real commits
// (provenance in lib/testing/real-data/README.md, "hunks/"), cut to the files the case needs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance } from "./analyze-instance";
import { hunkFragments } from "./fragments";
import { type FileDiff, parseDiff } from "./parse-diff";
import { analysePatchFiles } from "./patch-facts";
import { applyHunks, wholeFileFragments } from "./repo-fragments";

const hunks = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");

/** Analyses a real commit's code and test diffs as an instance's gold and test patches, from hunks only. */
const analyseCommit = (code: string, test: string) =>
  analyzeInstance({ instanceId: code, goldPatch: hunks(code), testPatch: hunks(test) });

const found = (analysis: Awaited<ReturnType<typeof analyseCommit>>, name: string) =>
  analysis.identifiers.find((i) => i.name === name);

/** Whether the analysis says the patch defines this name anew (a name both patches merely use is no definition). */
const definedAnew = (analysis: Awaited<ReturnType<typeof analyseCommit>>, name: string) =>
  analysis.identifiers.some((i) => i.name === name && i.kind !== "name" && i.status === "new");

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

describe("Go: vuls 6eff6a9 moves the OS constants from a `const (` block of config/config.go to a new config/os.go", () => {
  test("the moved constants are not new (the whole patch's pre-image defines them), the new functions are", async () => {
    const analysis = await analyseCommit("vuls-6eff6a9-code.diff", "vuls-6eff6a9-test.diff");
    for (const name of ["RedHat", "Amazon", "Alpine", "FreeBSD"]) expect(definedAnew(analysis, name), name).toBe(false);
    expect(found(analysis, "GetEOL")).toMatchObject({ kind: "function", status: "new", path: "config/os.go" });
    expect(
      analysis.identifiers
        .filter((i) => i.policies.includes("defuse"))
        .map((i) => i.name)
        .sort(),
    ).toEqual(["EOL.IsExtendedSuppportEnded", "EOL.IsStandardSupportEnded", "GetEOL"]);
  });

  test("exact mode too: each file read whole at the base commit, the constants are still moved, not new", async () => {
    const code = parseDiff(hunks("vuls-6eff6a9-code.diff"));
    // config/config.go at the commit's parent, whole; config/os.go is new.
    const base = new Map([["config/config.go", hunks("vuls-69d32d4-config.go.txt")]]);
    const exact = (file: FileDiff) => {
      const before = base.get(file.path) ?? null;
      if (file.status !== "added" && before === null) throw new Error(`no base text for ${file.path}`);
      const whole = code.find((f) => f.path === file.path) ?? file;
      return wholeFileFragments(whole, before, before === null ? applyHunks(file, "") : applyHunks(file, before));
    };
    const analysis = await analyzeInstance(
      { instanceId: "vuls", goldPatch: hunks("vuls-6eff6a9-code.diff"), testPatch: hunks("vuls-6eff6a9-test.diff") },
      exact,
    );
    expect(analysis.approximate).toBe(false);
    for (const name of ["RedHat", "Amazon", "Alpine"]) expect(definedAnew(analysis, name), name).toBe(false);
    expect(found(analysis, "GetEOL")).toMatchObject({ status: "new" });
  });

  test("a key of the test's own table struct (`now:` of `[]struct{ now time.Time }`) uses nothing: `now` is no parameter to state", async () => {
    const analysis = await analyseCommit("vuls-6eff6a9-code.diff", "vuls-6eff6a9-test.diff");
    expect(found(analysis, "EOL.IsStandardSupportEnded.now")?.policies).not.toContain("defuse");
    const test = await analysePatchFiles(parseDiff(hunks("vuls-6eff6a9-test.diff")));
    expect(test.uses.filter((u) => u.kind === "key" && ["now", "found", "stdEnded"].includes(u.name))).toEqual([]);
    // A key of a struct the test declares by name (`fields{family: …}`) is qualified by that type.
    expect(test.uses.find((u) => u.kind === "key" && u.name === "family")?.qualifier).toBe("fields");
  });
});

describe("TypeScript: matrix-react-sdk d775e40", () => {
  test('`jest.mock("…/models/VoiceBroadcastRecording")` names the new file: a use of it, like an import', async () => {
    const analysis = await analyseCommit("matrix-react-sdk-d775e40-code.diff", "matrix-react-sdk-d775e40-test.diff");
    const file = found(analysis, "src/voice-broadcast/models/VoiceBroadcastRecording.ts");
    expect(file).toMatchObject({ kind: "file", newFile: true });
    expect(file?.policies).toContain("defuse");
  });

  test("hunks that cut through an arrow-function component and a `describe` callback: their `const`/`let` are locals", async () => {
    const analysis = await analyseCommit(
      "matrix-react-sdk-d775e40-body-code.diff",
      "matrix-react-sdk-d775e40-body-test.diff",
    );
    // `const recording = …` in VoiceBroadcastBody's body; `let recording: VoiceBroadcastRecording;` in the
    // test's `describe("VoiceBroadcastBody", () => {…})`: neither is a module-level name, so nothing matches.
    const variables = analysis.identifiers.filter((i) => i.kind === "constant" || i.kind === "variable");
    expect(variables.map((i) => `${i.side} ${i.name}`)).toEqual([]);
    expect(found(analysis, "VoiceBroadcastBody")).toMatchObject({ kind: "function", status: "changed" });
    expect(analysis.identifiers.filter((i) => i.policies.includes("defuse"))).toEqual([]);
  });
});

describe("TypeScript: matrix-react-sdk d775e40, signatures as declared", () => {
  test("`public get state()`, `public async stop()`, `public static instance()` keep get, async and static", async () => {
    const analysis = await analyseCommit("matrix-react-sdk-d775e40-code.diff", "matrix-react-sdk-d775e40-test.diff");
    expect(found(analysis, "VoiceBroadcastRecording.state")?.signature).toBe(
      "public get state(): VoiceBroadcastInfoState",
    );
    expect(found(analysis, "VoiceBroadcastRecording.stop")?.signature).toBe("public async stop()");
    expect(found(analysis, "VoiceBroadcastRecording.setState")?.signature).toBe(
      "private setState(state: VoiceBroadcastInfoState): void",
    );
    const stores = await analyseCommit(
      "matrix-react-sdk-d775e40-stores-code.diff",
      "matrix-react-sdk-d775e40-test.diff",
    );
    expect(found(stores, "VoiceBroadcastRecordingsStore.instance")?.signature).toBe("public static instance()");
    expect(found(stores, "VoiceBroadcastRecordingsStore.current")?.signature).toBe(
      "public get current(): VoiceBroadcastRecording",
    );
  });
});

describe("Java: gson 96ab171 adds the overload `JsonWriter.value(float)` beside value(boolean), value(Boolean), value(double)…", () => {
  const codeDiff = "gson-96ab171-code.diff";
  const testDiff = "gson-96ab171-test.diff";
  test.each(["hunks", "exact"] as const)(
    "%s mode: the new overload is new (a signature the tests call that does not exist yet), stated alone",
    async (mode) => {
      const writer = "gson/src/main/java/com/google/gson/stream/JsonWriter.java";
      // Exact mode: JsonWriter.java whole at the commit's parent; the test file from its hunks.
      const exact = (file: FileDiff, language: Parameters<typeof hunkFragments>[1]) => {
        if (file.path !== writer) return hunkFragments(file, language);
        const before = hunks("gson-15b9fa9-JsonWriter.java.txt");
        return wholeFileFragments(file, before, applyHunks(file, before));
      };
      const analysis = await analyzeInstance(
        { instanceId: "gson", goldPatch: hunks(codeDiff), testPatch: hunks(testDiff) },
        mode === "exact" ? exact : undefined,
      );
      expect(found(analysis, "JsonWriter.value")).toMatchObject({
        kind: "method",
        status: "new",
        signature: "public JsonWriter value(float value) throws IOException",
      });
      expect(found(analysis, "JsonWriter.value")?.policies).toContain("defuse");
    },
  );
});

describe("Python: the class a method belongs to, from git's python driver's hunk headers", () => {
  const owned = (analysis: Awaited<ReturnType<typeof analyseCommit>>, member: string) =>
    analysis.identifiers
      .filter((i) => i.side === "code" && i.kind === "method" && i.member === member)
      .map((i) => i.name);

  test("openlibrary 123e6e5: `@@ … @@ class PrioritizedISBN:` after a hunk renaming it: the new methods are PrioritizedIdentifier's", async () => {
    const analysis = await analyseCommit("openlibrary-123e6e5-code.diff", "openlibrary-123e6e5-test.diff");
    expect(owned(analysis, "__eq__")).toEqual(["PrioritizedIdentifier.__eq__"]);
    expect(owned(analysis, "__hash__")).toEqual(["PrioritizedIdentifier.__hash__"]);
    expect(found(analysis, "PrioritizedIdentifier.identifier")).toMatchObject({ kind: "field", status: "new" });
    // `@@ … @@ def GET(self, isbn_or_asin: str)`, 270 lines below the class, is no method of it.
    expect(analysis.identifiers.some((i) => i.name.startsWith("PrioritizedISBN.") && i.status === "new")).toBe(false);
    expect(owned(analysis, "GET").filter((n) => n.startsWith("Prioritized"))).toEqual([]);
  });

  test("ansible 984216f: a class an earlier hunk showed 200 lines above (FilterBlackList) is not the class of `@@ … @@ def verbose(self, …)`", async () => {
    const analysis = await analyseCommit("ansible-984216f-code.diff", "ansible-984216f-test.diff");
    // The hunks do not say which class (Display): no owner is better than a wrong one.
    expect(owned(analysis, "get_deprecation_message")).toEqual(["get_deprecation_message"]);
    expect(analysis.identifiers.filter((i) => i.name.startsWith("FilterBlackList.")).map((i) => i.name)).toEqual([]);
  });

  test("openlibrary 4a5d2a7: after `@@ … @@ class WikidataEntity:`, the next hunk's `def to_wikidata_api_json_format(self)` and the methods after it are WikidataEntity's, though the hunk runs past the class's end", async () => {
    const analysis = await analyseCommit("openlibrary-4a5d2a7-code.diff", "openlibrary-4a5d2a7-test.diff");
    expect(owned(analysis, "get_statement_values")).toEqual(["WikidataEntity.get_statement_values"]);
    expect(owned(analysis, "get_profiles_to_render")).toEqual(["WikidataEntity.get_profiles_to_render"]);
    expect(found(analysis, "WikidataEntity.get_statement_values")?.policies).toContain("defuse");
    // `def _cache_expired(entity)` at column 0 after the class is the module's, not a method.
    expect(analysis.identifiers.some((i) => i.member === "_cache_expired" && i.kind === "method")).toBe(false);
  });

  test("django 14752 (SWE-bench record): a hunk under `def get(…)` that starts inside its `return JsonResponse({` statement: the new method after it is AutocompleteJsonView's", async () => {
    const analysis = await analyseCommit("django-14752-code.diff", "django-14752-test.diff");
    expect(owned(analysis, "serialize_result")).toEqual(["AutocompleteJsonView.serialize_result"]);
    expect(found(analysis, "AutocompleteJsonView.serialize_result")?.policies).toContain("defuse");
  });
});
