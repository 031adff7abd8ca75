import { readFileSync } from "node:fs";

/** The id Next gave the decideHint server action in this build (`.next`, after `npm run build`). */
export function decideActionId(): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, v]) => v.exportedName === "decideHint");
  if (!found) throw new Error("decideHint is not in this build's server actions: npm run build");
  return found[0];
}

export interface DecisionInput {
  instanceId: number;
  selection: string;
  projection: string;
  action: "accept" | "flag";
  reason: string | null;
  /** the hint's version as the curator's page showed it */
  expectedVersion: number;
  note: string;
}

export type DecisionAnswer =
  | { kind: "saved"; version: number }
  | { kind: "conflict"; version: number }
  | { kind: "error"; status: number; text: string };

/**
 * Decides a hint through the review page's server action, as the page's button does (the same request a
 * browser sends), with a signed-in curator's session cookie.
 */
export async function decideByAction(
  base: string,
  action: string,
  cookie: string,
  input: DecisionInput,
): Promise<DecisionAnswer> {
  const response = await fetch(`${base}/instances/${input.instanceId}`, {
    method: "POST",
    headers: {
      "Next-Action": action,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Cookie: cookie,
    },
    body: JSON.stringify([input]),
  });
  const text = await response.text();
  const parsed = response.status === 200 ? actionResult(text) : null;
  if (!parsed) return { kind: "error", status: response.status, text: text.slice(0, 500) };
  if (parsed.ok) return { kind: "saved", version: parsed.version as number };
  if (parsed.conflict) return { kind: "conflict", version: parsed.conflict.version };
  return { kind: "error", status: response.status, text: JSON.stringify(parsed) };
}

interface ActionResult {
  ok: boolean;
  version?: number;
  conflict?: { version: number };
}

/**
 * The action's result in a React Server Components answer: one line `N:{…}` per chunk, the result being the
 * chunk that is an object with a boolean `ok` (whatever order its keys come in).
 */
export function actionResult(text: string): ActionResult | null {
  for (const line of text.split("\n")) {
    const body = /^[0-9a-f]+:(\{.*\})$/.exec(line)?.[1];
    if (!body) continue;
    try {
      const value = JSON.parse(body) as Partial<ActionResult>;
      if (typeof value.ok === "boolean") return value as ActionResult;
    } catch {
      // another chunk's encoding (not JSON): not the result
    }
  }
  return null;
}
