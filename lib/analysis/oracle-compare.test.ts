import { describe, expect, it } from "vitest";
import {
  type ComparedIdentifier,
  compareWithOracle,
  disagreementShare,
  type OracleRow,
  tallyComparison,
} from "./oracle-compare";

const def = (over: Partial<ComparedIdentifier> = {}): ComparedIdentifier => ({
  name: "PrioritizedIdentifier.__eq__",
  member: "__eq__",
  owner: "PrioritizedIdentifier",
  kind: "method",
  path: "openlibrary/core/vendors.py",
  signature: "def __eq__(self, other)",
  side: "code",
  status: "new",
  ...over,
});

describe("compareWithOracle: hunks mode against exact mode", () => {
  it("agrees on the same identifiers, whatever the signature's spacing", () => {
    const result = compareWithOracle([def({ signature: "def __eq__(self,  other)" })], [def()]);
    expect(result.disagreements).toEqual([]);
    expect(result.compared.get("python")).toBe(1);
  });

  it("names the cause of each disagreement, one per identifier, with both readings", () => {
    const exact = [
      def(),
      def({ member: "isbn", name: "isbn", owner: null, kind: "function", signature: "def isbn()" }),
      def({ member: "run", name: "Job.run", owner: "Job", signature: "def run(self)" }),
      def({ member: "kind", name: "Job.kind", owner: "Job", kind: "field", signature: null }),
      def({ member: "old", name: "old", owner: null, kind: "function", status: "changed", signature: "def old()" }),
    ];
    const hunks = [
      def({ owner: "PrioritizedISBN", name: "PrioritizedISBN.__eq__" }),
      def({ member: "run", name: "Job.run", owner: "Job", signature: "def run(self, x)" }),
      def({ member: "kind", name: "Job.kind", owner: "Job", kind: "method", signature: null }),
      def({ member: "old", name: "old", owner: null, kind: "function", status: "new", signature: "def old()" }),
      def({ member: "helper", name: "helper", owner: null, kind: "function", signature: "def helper()" }),
    ];
    const causes = compareWithOracle(hunks, exact).disagreements.map((d) => [d.cause, d.key]);
    expect(causes).toEqual([
      ["other owner", "code openlibrary/core/vendors.py: PrioritizedIdentifier.__eq__"],
      ["missing", "code openlibrary/core/vendors.py: isbn"],
      ["other signature", "code openlibrary/core/vendors.py: Job.run"],
      ["other kind", "code openlibrary/core/vendors.py: Job.kind"],
      ["other status", "code openlibrary/core/vendors.py: old"],
      ["extra", "code openlibrary/core/vendors.py: helper"],
    ]);
    const owner = compareWithOracle(hunks, exact).disagreements[0];
    expect(owner?.hunks).toBe("PrioritizedISBN.__eq__ (method, new) `def __eq__(self, other)`");
    expect(owner?.exact).toBe("PrioritizedIdentifier.__eq__ (method, new) `def __eq__(self, other)`");
  });

  it("lists an owner or signature hunks mode does not state (or states only the inner part of) as unknown", () => {
    const exact = [
      def(),
      def({ member: "GET", name: "Submit.GET", owner: "Submit", signature: "def GET(self)" }),
      def({
        member: "name",
        name: "PluginLoader.get_with_context.name",
        owner: "PluginLoader.get_with_context",
        kind: "parameter",
      }),
      def({
        member: "args",
        name: "InternalErrorException.__init__.args",
        owner: "InternalErrorException.__init__",
        kind: "parameter",
      }),
    ];
    const hunks = [
      def({ owner: null, name: "__eq__" }),
      def({ member: "GET", name: "Submit.GET", owner: "Submit", signature: null }),
      def({ member: "name", name: "get_with_context.name", owner: "get_with_context", kind: "parameter" }),
      def({ member: "args", name: "inner.args", owner: "inner", kind: "parameter" }),
    ];
    const comparison = compareWithOracle(hunks, exact);
    expect(comparison.disagreements.map((d) => d.cause)).toEqual([
      "owner unknown",
      "signature unknown",
      "owner unknown",
      "other owner",
    ]);
    const rows = new Map<string, OracleRow>();
    tallyComparison(rows, "i", comparison);
    expect(disagreementShare(rows.get("python") as OracleRow)).toBe(1 / 4);
  });

  it("pairs a member by owner first when two classes of a file define it", () => {
    const exact = [def({ owner: "A" }), def({ owner: "B" })];
    const hunks = [def({ owner: "B" }), def({ owner: "A" })];
    expect(compareWithOracle(hunks, exact).disagreements).toEqual([]);
  });

  it("keeps the code and test sides apart and leaves Doc2Feat's shared names out", () => {
    const exact = [def(), def({ kind: "name", member: "x", name: "x", owner: null })];
    const hunks = [def({ side: "test" })];
    const causes = compareWithOracle(hunks, exact).disagreements.map((d) => d.cause);
    expect(causes).toEqual(["missing", "extra"]);
  });

  it("tallies per language and overall, listing each instance under its cause", () => {
    const rows = new Map<string, OracleRow>();
    tallyComparison(rows, "i-1", compareWithOracle([], [def(), def({ member: "b", path: "x.go" })]));
    tallyComparison(rows, "i-2", compareWithOracle([def()], [def()]));
    const python = rows.get("python") as OracleRow;
    expect(python.instances).toBe(2);
    expect(python.compared).toBe(2);
    expect(python.byCause.missing).toBe(1);
    expect(python.listed.missing).toEqual([
      "i-1: code openlibrary/core/vendors.py: PrioritizedIdentifier.__eq__  (hunks: none | exact: PrioritizedIdentifier.__eq__ (method, new) `def __eq__(self, other)`)",
    ]);
    expect(disagreementShare(python)).toBe(0.5);
    expect(rows.get("go")?.byCause.missing).toBe(1);
    const all = rows.get("all") as OracleRow;
    expect([all.instances, all.compared, all.byCause.missing]).toEqual([2, 3, 2]);
  });
});

describe("a changed definition no hunk shows", () => {
  const at = (column?: number) => ({
    path: "gson/Gson.java",
    diffLine: 0,
    fileLine: 120,
    patch: "gold" as const,
    ...(column ? { column } : {}),
  });
  const gson = (over: Partial<ComparedIdentifier> = {}) =>
    def({
      name: "Gson",
      member: "Gson",
      owner: null,
      kind: "class",
      path: "gson/Gson.java",
      status: "changed",
      signature: null,
      ...over,
    });

  it("is not in hunks when its declaration lies in no hunk and no header names it; missing when a header or a hunk line does", () => {
    const headers = () => ["public <T> T fromJson(JsonElement json, TypeToken<T> typeOfT) throws JsonSyntaxE"];
    expect(compareWithOracle([], [gson({ definedAt: at() })], headers).disagreements.map((d) => d.cause)).toEqual([
      "not in hunks",
    ]);
    expect(
      compareWithOracle([], [gson({ definedAt: at() })], () => ["public final class Gson {"]).disagreements[0]?.cause,
    ).toBe("missing");
    expect(compareWithOracle([], [gson({ definedAt: at(14) })], headers).disagreements[0]?.cause).toBe("missing");
    // A header that only mentions the class (a method returning it, gson 1093) does not declare it.
    expect(
      compareWithOracle([], [gson({ definedAt: at() })], () => [
        "public Gson value(Boolean value) throws IOException {",
      ]).disagreements[0]?.cause,
    ).toBe("not in hunks");
    // A method's header declares the method.
    const method = gson({ name: "Gson.value", member: "value", owner: "Gson", kind: "method", definedAt: at() });
    expect(
      compareWithOracle([], [method], () => ["public Gson value(Boolean value) throws IOException {"]).disagreements[0]
        ?.cause,
    ).toBe("missing");
    // A new definition's lines are added: always shown.
    expect(compareWithOracle([], [gson({ status: "new", definedAt: at() })], headers).disagreements[0]?.cause).toBe(
      "missing",
    );
  });

  it("is not counted as a disagreement", () => {
    const rows = new Map<string, OracleRow>();
    tallyComparison(
      rows,
      "i-1",
      compareWithOracle([], [gson({ definedAt: at() })], () => []),
    );
    expect(disagreementShare(rows.get("java") as OracleRow)).toBe(0);
  });
});
