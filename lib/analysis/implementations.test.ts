// Whose method a use names (issue 43, the thirteenth session's blind-label extras): a method that implements an
// interface's (a trait's, an abstract) method of the same patch takes its name from that method, so a use by the
// name alone is the interface's and DefUse states it once; a value's type where the using file says it (a Go
// constructor's declared result, a Python object made where it is used). Fixtures: sections of shared records' patches, provenance in
// lib/testing/real-data/README.md ("hunks/").
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { picked } from "../testing/analysis-helpers";
import { REAL_DATA } from "../testing/real-data";
import { analyzeInstance } from "./analyze-instance";
import { goResultType } from "./languages/go";
import { parseDiff } from "./parse-diff";
import { analysePatchFiles } from "./patch-facts";

const hunks = (name: string) => readFileSync(path.join(REAL_DATA, "hunks", name), "utf8");

const analysis = (code: string, test: string) =>
  analyzeInstance({ instanceId: code, goldPatch: hunks(code), testPatch: hunks(test) });

/** `Owner.member abstract|concrete` for each new or changed method of a patch section. */
const methods = async (name: string) =>
  (await analysePatchFiles(parseDiff(hunks(name)))).definitions
    .filter((d) => d.kind === "method")
    .map((d) => `${d.name} ${d.abstract ? "abstract" : "concrete"}`);

describe("methods declared without a body, on real hunks", () => {
  test("Go, teleport 1330415d: `Match(in string) bool` in `type Matcher interface {`; the matchers' `func (m …) Match` have bodies", async () => {
    const found = await methods("teleport-1330415d-code.diff");
    expect(found).toContain("Matcher.Match abstract");
    expect(found).toContain("regexpMatcher.Match concrete");
    expect(found).toContain("notMatcher.Match concrete");
  });

  test("Java, mockito 3220: `MockType getMockType();` under `public interface MockCreationSettings<T> {`", async () => {
    expect(await methods("mockito-3220-settings-code.diff")).toEqual(["MockCreationSettings.getMockType abstract"]);
  });

  test("Rust, axum 1119: the trait's `fn route_with_tsr<T>(…) -> Self where …;`, and the impl's with a body", async () => {
    const found = (await analysePatchFiles(parseDiff(hunks("axum-1119-routing-code.diff")))).definitions
      .filter((d) => d.member === "route_with_tsr")
      .map((d) => d.abstract === true);
    expect(found).toContain(true);
  });

  test("TypeScript, tutanota f373ac38: `load<T …>(…): Promise<T>` in `export interface EntityRestInterface {`; the client's `async loadMultiple` has a body", async () => {
    const found = await methods("tutanota-f373ac38-code.diff");
    expect(found).toContain("EntityRestInterface.load abstract");
    expect(found).toContain("EntityRestClient.loadMultiple concrete");
  });
});

describe("DefUse states the interface's method, not its implementations", () => {
  test("teleport 1330415d: the test's `tt.matcher.Match(tt.in)` is Matcher.Match (as the blind label says), not regexpMatcher's, prefixSuffixMatcher's or notMatcher's", async () => {
    const result = await analysis("teleport-1330415d-code.diff", "teleport-1330415d-test.diff");
    const defuse = picked(result, "defuse");
    expect(defuse).toContain("Matcher.Match");
    expect(defuse.filter((name) => name.endsWith(".Match") && name !== "Matcher.Match")).toEqual([]);
    // The implementations are still new methods of the code patch, for the selections that take every one.
    const implementation = result.identifiers.find((i) => i.name === "notMatcher.Match");
    expect(implementation?.policies).toContain("fea");
    // The types the test builds by name stay DefUse's.
    expect(defuse).toEqual(expect.arrayContaining(["regexpMatcher", "prefixSuffixMatcher", "notMatcher"]));
  });

  test("navidrome 5001518: `ds.UserProps(ctx).Put(…)` names DataStore.UserProps and UserPropsRepository.Put, not SQLStore's and userPropsRepository's", async () => {
    const defuse = picked(
      await analysis("navidrome-5001518-impl-code.diff", "navidrome-5001518-impl-test.diff"),
      "defuse",
    );
    expect(defuse).toEqual(expect.arrayContaining(["DataStore.UserProps", "UserPropsRepository.Put"]));
    expect(defuse).not.toContain("SQLStore.UserProps");
    expect(defuse).not.toContain("userPropsRepository.Put");
  });

  test("without the interface in the patch, the implementation is what the use reaches", async () => {
    const kept = hunks("navidrome-5001518-impl-code.diff")
      .split(/^(?=diff --git )/m)
      .filter((section) => !section.startsWith("diff --git a/model/"))
      .join("");
    const result = await analyzeInstance({
      instanceId: "navidrome-5001518",
      goldPatch: kept,
      testPatch: hunks("navidrome-5001518-impl-test.diff"),
    });
    expect(picked(result, "defuse")).toEqual(expect.arrayContaining(["SQLStore.UserProps", "userPropsRepository.Put"]));
  });
});

describe("a Go value bound to a function's result is of the type the function declares", () => {
  test("the result type of real signatures: a pointer, a generic interface, the first of several, a named result", () => {
    expect(
      goResultType(
        "func NewHTTPClient(logger *zap.Logger, url, signingSecret string, opts ...ClientOption) *HTTPClient",
      ),
    ).toBe("HTTPClient");
    expect(goResultType("func NewSimpleCache[K comparable, V any]() SimpleCache[K, V]")).toBe("SimpleCache");
    expect(goResultType("func Match(value string) (Matcher, error)")).toBe("Matcher");
    expect(goResultType("func NewSink(logger *zap.Logger, webhookClient Client) audit.Sink")).toBe("Sink");
    expect(goResultType("func formatFullPlainText(r models.ScanResult) (lines string)")).toBe("string");
    expect(goResultType("func (w *Sink) Close() error")).toBeNull();
    expect(goResultType("func TestHTTPClient_Failure(t *testing.T)")).toBeNull();
  });

  test("flipt 56a620b: `hclient := NewHTTPClient(…)` then `hclient.SendAudit(…)`: surely HTTPClient's method (NewHTTPClient returns *HTTPClient), which the new Client interface's does not take from it", async () => {
    const result = await analysis("flipt-56a620-client-code.diff", "flipt-56a620-client-test.diff");
    const sendAudit = result.identifiers.find((i) => i.name === "HTTPClient.SendAudit");
    expect(sendAudit?.policies).toContain("defuse");
    // Told by the binding: no longer "matched by name only".
    const used = sendAudit?.usedAt ?? [];
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((u) => u.uncertain === undefined)).toBe(true);
    // The interface's method keeps the use by its name alone (the variable's type is told, not the rest).
    const client = result.identifiers.find((i) => i.name === "Client.SendAudit");
    expect(client?.usedAt.every((u) => u.uncertain === true)).toBe(true);
  });
});

describe("Python: an object made where it is used is of the class called", () => {
  test("sympy 21614: `Derivative(comm_x, comm_x).kind` reaches the `def kind(self)` a hunk under `def free_symbols(self):` adds, as Derivative's", async () => {
    const result = await analysis("sympy-21614-code.diff", "sympy-21614-test.diff");
    const kind = result.identifiers.find((i) => i.member === "kind" && i.side === "code");
    expect(kind?.name).toBe("Derivative.kind");
    expect(kind?.usedAt.every((u) => u.uncertain === undefined)).toBe(true);
  });
});
