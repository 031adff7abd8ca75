// Classes of error found on real commits labelled blind in the sixteenth session's round 34 (issue 43).
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md (round 34).
import { expect, test } from "vitest";
import { commitAnalysis as analysis, picked } from "../testing/analysis-helpers";

const named = async (name: string, pattern: RegExp) =>
  (await analysis(name)).identifiers
    .filter((i) => i.side === "code" && pattern.test(i.name))
    .map((i) => `${i.name} ${i.kind} ${i.status}`);

test("argparse 3314612: under `@@ … @@ public:` (an access label at column 0), a new member after a method's closing `  }` is a method of the class the tests call it on (ArgumentParser.set_suppress, its parameter with it), no free function; a hunk starting in a constructor's member initializers (`m_parser_path(other.m_parser_path), …,` … `{`) defines nothing", async () => {
  expect(picked(await analysis("argparse-commit-3314612"), "defuse")).toEqual(["ArgumentParser.set_suppress"]);
  expect(await named("argparse-commit-3314612", /set_suppress|^m_/)).toEqual([
    "ArgumentParser.set_suppress method new",
    "ArgumentParser.set_suppress.suppress parameter new",
  ]);
});

test("cpp-httplib d440316: a method whose class the test's object names (`svr.update_certs(…)` on an SSLServer) takes its parameters along: SSLServer.update_certs.cert, not update_certs.cert", async () => {
  const names = await named("cpp-httplib-commit-d440316", /update_certs/);
  expect(names).toContain("SSLServer.update_certs.cert parameter new");
  expect(names.filter((n) => n.startsWith("update_certs"))).toEqual([]);
});
