import { expect, test } from "vitest";
import { makeDiff } from "../testing/make-diff";
import { analyzeInstance } from "./analyze-instance";
import { hasPatchText, observeGuesswork } from "./observed-guesswork";

const before = "import os\n\n\ndef existing():\n    return 1\n";
const gold = makeDiff([
  {
    path: "lib/locale.py",
    before,
    after: `${before}\n\ndef get_best_parsable_locale(module, preferences=None):\n    return "C"\n`,
  },
]);
const tests = makeDiff([
  {
    path: "tests/test_locale.py",
    before: "from lib.locale import *\n",
    after: "from lib.locale import *\n\n\ndef test_pick():\n    assert get_best_parsable_locale(None) == 'C'\n",
  },
]);

async function defUse() {
  const analysis = await analyzeInstance({ instanceId: "x", goldPatch: gold, testPatch: tests });
  return analysis.identifiers.filter((i) => i.policies.includes("defuse") && i.side === "code");
}

test("an agent that named the function differently: a named-differently match, with where it defined it", async () => {
  const agent = makeDiff([
    {
      path: "lib/locale.py",
      before,
      after: `${before}\n\ndef get_locale(module, preferences=None):\n    return "C"\n\n\ndef _helper():\n    pass\n`,
    },
  ]);
  const names = await defUse();
  expect(names.map((n) => n.name)).toEqual(["get_best_parsable_locale"]);
  const [observed] = await observeGuesswork(names, agent, tests);
  expect(observed).toMatchObject({
    name: "get_best_parsable_locale",
    definedByAgent: false,
    // Of its two new functions, the one whose name shares a word with the tests' (locale) is the match.
    namedDifferently: { name: "get_locale", path: "lib/locale.py" },
  });
  expect(observed?.namedDifferently?.diffLine).toBeGreaterThan(0);
});

test("an agent that used the tests' name, one that defined nothing new there, and one with no patch", async () => {
  const names = await defUse();
  const same = await observeGuesswork(names, gold, tests);
  expect(same).toEqual([{ name: "get_best_parsable_locale", definedByAgent: true, namedDifferently: null }]);
  const elsewhere = makeDiff([{ path: "lib/other.py", before: "", after: "def get_locale():\n    return 1\n" }]);
  expect(await observeGuesswork(names, elsewhere, tests)).toEqual([
    { name: "get_best_parsable_locale", definedByAgent: false, namedDifferently: null },
  ]);
  expect(await observeGuesswork(names, "", tests)).toEqual([
    { name: "get_best_parsable_locale", definedByAgent: false, namedDifferently: null },
  ]);
});

test.each([
  ["", false],
  ["   \n", false],
  [null, false],
  [undefined, false],
  ["diff --git a/x b/x\n", true],
])("an agent patch %j has text to observe: %s (empty ones are counted apart from guesswork)", (patch, expected) => {
  expect(hasPatchText(patch)).toBe(expected);
});
