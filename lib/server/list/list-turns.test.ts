import { expect, test } from "vitest";
import { endListTurn, isListPath, LIST_TURNS, takeListTurn, takeNamedListTurn } from "./list-turns";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

test("at most LIST_TURNS list requests hold a turn at once; the rest start in the order they asked", async () => {
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const gates: Array<() => void> = [];
  const all = Array.from({ length: 6 }, async (_, i) => {
    const end = await takeListTurn();
    running++;
    most = Math.max(most, running);
    order.push(i);
    await new Promise<void>((resolve) => gates.push(resolve));
    running--;
    end();
  });
  for (let step = 0; step < 6; step++) {
    await tick();
    gates.shift()?.();
  }
  await Promise.all(all);
  expect(most).toBe(LIST_TURNS);
  expect(order).toEqual([0, 1, 2, 3, 4, 5]);
});

test("a named turn is ended by its id once, and ending an unknown or ended id frees nothing", async () => {
  await Promise.all(Array.from({ length: LIST_TURNS }, (_, i) => takeNamedListTurn(`r${i}`)));
  let third = false;
  const waiting = takeNamedListTurn("r-third").then(() => {
    third = true;
  });
  endListTurn("nobody");
  await tick();
  expect(third).toBe(false);
  endListTurn("r0");
  endListTurn("r0");
  await waiting;
  expect(third).toBe(true);
  // r0's second end freed nothing more: with r1 and r-third holding turns, a fourth still waits.
  let fourth = false;
  const last = takeNamedListTurn("r-fourth").then(() => {
    fourth = true;
  });
  await tick();
  expect(fourth).toBe(false);
  endListTurn("r1");
  await last;
  for (const id of ["r-third", "r-fourth"]) endListTurn(id);
});

test("the list's pages and windows are list paths; an instance, the home page and others are not", () => {
  expect(["/instances", "/api/instances", "/benchmarks/3"].every(isListPath)).toBe(true);
  expect(["/", "/instances/3", "/benchmarks/3/x", "/api/import", "/hint-sets"].some(isListPath)).toBe(false);
});
