import { expect, test } from "vitest";
import { KeymapSchema, keyFor, readKey } from "./keymap";

test("a keymap moves shortcuts to other keys; a moved key no longer does what it did", () => {
  const keymap = KeymapSchema.parse({ a: "y", j: "n" });
  expect(readKey(keymap, "y")).toBe("a");
  expect(readKey(keymap, "n")).toBe("j");
  expect(readKey(keymap, "a")).toBe("");
  expect(readKey(keymap, "k")).toBe("k");
  expect(readKey(keymap, "Escape")).toBe("Escape");
  expect(keyFor(keymap, "a")).toBe("y");
  expect(keyFor(keymap, "t")).toBe("t");
  // Swapping two keys is fine; putting two shortcuts on one key, a digit or an unknown shortcut is not.
  expect(readKey(KeymapSchema.parse({ j: "k", k: "j" }), "k")).toBe("j");
  expect(KeymapSchema.safeParse({ a: "t" }).success).toBe(false);
  expect(KeymapSchema.safeParse({ a: "1" }).success).toBe(false);
  expect(KeymapSchema.safeParse({ z: "x" }).success).toBe(false);
  expect(KeymapSchema.safeParse({ a: "yy" }).success).toBe(false);
});
