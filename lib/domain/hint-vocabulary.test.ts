// A new selection policy is one registry entry: selection, composed hint, counts and input schema follow.
import { expect, test } from "vitest";
import { analyzeInstance } from "../analysis/analyze-instance";
import { composeHint } from "../hint/compose-hint";
import { countBySelection, SELECTION_POLICIES, type SelectionPolicy, selectionSchemaOf } from "./hint-vocabulary";

const diff = (file: string, lines: string[]) =>
  `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1,${lines.length + 1} @@\n x = 1\n${lines.map((l) => `+${l}`).join("\n")}\n`;

// A test-only fifth policy: every new helper the test patch itself defines.
const TEST_HELPERS: SelectionPolicy = {
  id: "test_helpers",
  label: "Test helpers",
  description: "new names the test patch defines",
  picks: (c) => c.side === "test" && c.status === "new",
};
const registry = [...SELECTION_POLICIES, TEST_HELPERS];

test("a fifth selection policy in a registry shows in the selection, the composed hint, counts and the zod enum", async () => {
  const analysis = await analyzeInstance(
    {
      instanceId: "demo-1",
      goldPatch: diff("shop/cart.py", ["def cart_total(items):", "    return sum(items)"]),
      testPatch: diff("tests/test_cart.py", [
        "def make_items():",
        "    return [1, 2]",
        "assert cart_total(make_items()) == 3",
      ]),
    },
    undefined,
    registry,
  );
  const byName = Object.fromEntries(analysis.identifiers.map((i) => [i.name, i.policies]));
  expect(byName.make_items).toEqual(["test_helpers"]);
  expect(byName.cart_total).toEqual(["defuse", "doc2feat", "fea", "pro"]);

  const source = { interfaceText: null, requirements: null, identifiers: analysis.identifiers };
  expect(composeHint(source, "test_helpers", "name").text).toBe("- `make_items`");
  expect(composeHint(source, "defuse", "name").text).toBe("- `cart_total`");
  expect(countBySelection(analysis.identifiers, registry)).toEqual({
    defuse: 1,
    doc2feat: 1,
    fea: 1,
    pro: 2, // cart_total and its parameter cart_total.items
    test_helpers: 1,
  });
  expect(selectionSchemaOf(registry).safeParse("test_helpers").success).toBe(true);
  expect(selectionSchemaOf(SELECTION_POLICIES).safeParse("test_helpers").success).toBe(false);
});
