import { expect, test } from "vitest";
import { KEYS_PER_READ, readByKeys } from "./rows-of-instances";

test("readByKeys asks at most KEYS_PER_READ keys a statement, every key once, rows in the keys' order", async () => {
  const keys = Array.from({ length: 2 * KEYS_PER_READ + 345 }, (_, n) => n);
  const asked: number[][] = [];
  const rows = await readByKeys(keys, async (chunk) => {
    asked.push(chunk);
    return chunk.map((k) => ({ key: k }));
  });
  expect(asked.map((chunk) => chunk.length)).toEqual([KEYS_PER_READ, KEYS_PER_READ, 345]);
  expect(rows.map((r) => r.key)).toEqual(keys);
  // No keys: no statement.
  expect(
    await readByKeys([], async (chunk) => {
      asked.push(chunk);
      return [];
    }),
  ).toEqual([]);
  expect(asked).toHaveLength(3);
});
