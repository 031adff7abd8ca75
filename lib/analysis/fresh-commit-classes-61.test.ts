// Classes of error found in the twenty-seventh session (issue 43): round 61, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { statedKinds as stated } from "../testing/analysis-helpers";

test("vert.x 1459364: a class's new constant of a name nobody else would choose, read through a subclass (`NetClientOptions.DEFAULT_TCP_KEEAPLIVE_COUNT` of `TCPSSLOptions`), is that constant: Java inherits statics", async () => {
  const names = (await stated("vertx-commit-1459364")).filter((n) => n.includes("KEEAPLIVE"));
  expect(names.sort()).toEqual([
    "TCPSSLOptions.DEFAULT_TCP_KEEAPLIVE_COUNT constant",
    "TCPSSLOptions.DEFAULT_TCP_KEEAPLIVE_IDLE_SECONDS constant",
    "TCPSSLOptions.DEFAULT_TCP_KEEAPLIVE_INTERVAL_SECONDS constant",
  ]);
});

test("league/period dcdc9ef: under the file's own class (`final class PeriodDurationTest extends TestCase` in `PeriodDurationTest.php`), a method's `}` four columns in is the method's, not the class's: the test's `$period->datePeriodBackwards(…)` is read", async () => {
  expect(await stated("period-commit-dcdc9ef")).toContain("Period.datePeriodBackwards method");
});
