/**
 * A kept pick of the documented maximum of 20,000 ids answered HTTP 500 ("Maximum array nesting exceeded";
 * 15,000 worked): React's reply decoder, which reads a server action's argument, refuses an array whose ids
 * pass a million characters. The argument is encoded and decoded here by React's own client and server
 * (Next's compiled react-server-dom-webpack, in a process with the react-server condition, as a server runs it).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { ID_MAX_LENGTH } from "./list-state";
import { PICK_MAX, pickIdsArgument, pickIdsInput } from "./pick-ids";

/** The argument as the server action receives it: encoded by React's client, decoded by React's server. */
function throughReact(argument: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  const script = `
const server = require("next/dist/compiled/react-server-dom-webpack/server.node");
const client = require("next/dist/compiled/react-server-dom-webpack/client.node");
let input = "";
process.stdin.on("data", (c) => { input += c; });
process.stdin.on("end", async () => {
  try {
    const body = await client.encodeReply([JSON.parse(input)]);
    const [value] = await server.decodeReply(body, {});
    process.stdout.write(JSON.stringify({ ok: true, value }));
  } catch (error) {
    process.stdout.write(JSON.stringify({ ok: false, error: error.message }));
  }
});`;
  const child = spawnSync(process.execPath, ["--conditions=react-server", "-e", script], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    input: JSON.stringify(argument),
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`the React codec did not run: ${child.stderr.toString()}`);
  return JSON.parse(child.stdout.toString());
}

// SWE-bench Pro's ids are long: 20,000 of them pass React's limit many times over.
const proId = (n: number, length = 96) =>
  `instance_ansible__ansible-${n.toString(16).padStart(40, "0")}-v`.padEnd(length, "0");

test("a pick of the documented maximum, 20,000 long ids, reaches the server action whole", () => {
  const ids = Array.from({ length: PICK_MAX }, (_, n) => proId(n));
  const received = throughReact(pickIdsArgument(ids));
  expect(received).toMatchObject({ ok: true });
  const parsed = pickIdsInput.safeParse((received as { value: unknown }).value);
  expect(parsed.success && parsed.data.ids).toEqual(ids);
});

test("ids at their longest, 20,000 of them, still fit the action's input; one more is refused with the limit", () => {
  const ids = Array.from({ length: PICK_MAX }, (_, n) => proId(n, ID_MAX_LENGTH));
  expect(pickIdsInput.safeParse(pickIdsArgument(ids)).success).toBe(true);
  const over = pickIdsInput.safeParse(pickIdsArgument([...ids, proId(PICK_MAX)]));
  expect(over.success).toBe(false);
  expect(over.error?.issues[0]?.message).toBe("a pick holds at most 20,000 instance ids");
  expect(pickIdsInput.safeParse({ idsJson: "[1," }).error?.issues[0]?.message).toBe("the ids are not a JSON list");
});

test("an array of 20,000 long ids is what React refuses (why the ids travel as one text)", () => {
  const ids = Array.from({ length: PICK_MAX }, (_, n) => proId(n));
  expect(throughReact({ ids })).toMatchObject({ ok: false, error: expect.stringContaining("Maximum array nesting") });
});
