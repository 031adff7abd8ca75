import { createHash } from "node:crypto";
import { ID_MAX_LENGTH, PICK_KEY } from "../../review/list-state";
import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";

/** The most ids one pick keeps (rows ticked by hand, or the disagreements of one benchmark, are far fewer). */
export const PICK_MAX = 20_000;

/** A pick's key: its size, a dash, and the first 32 hex digits of a SHA-256 of its ids, unique and sorted. */
export function pickKey(ids: readonly string[]): string {
  const unique = [...new Set(ids)].sort();
  return `${unique.length}-${createHash("sha256").update(JSON.stringify(unique)).digest("hex").slice(0, 32)}`;
}

/**
 * Keeps instance ids as a pick and answers its key, for the list's `pick` filter: ids too many for a link
 * (`idsFitLink`). The same ids, in any order, are always the same pick, kept once; a pick is never changed,
 * so a hint set or a saved view made of one means the same instances for good. The ids need not be imported.
 */
export async function keepPick(db: Database, ids: readonly string[], createdBy: string): Promise<string> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) throw new AppError("bad_request", "a pick holds at least one instance id");
  if (unique.length > PICK_MAX)
    throw new AppError(
      "bad_request",
      `a pick holds at most ${PICK_MAX.toLocaleString("en")} instance ids (got ${unique.length.toLocaleString("en")})`,
    );
  const bad = unique.find((id) => id.trim() === "" || id.length > ID_MAX_LENGTH);
  if (bad !== undefined)
    throw new AppError(
      "bad_request",
      `an instance id is 1 to ${ID_MAX_LENGTH} characters, not blank (got "${bad.slice(0, 40)}${bad.length > 40 ? "…" : ""}", ${bad.length} characters)`,
    );
  const key = pickKey(unique);
  if (!PICK_KEY.test(key)) throw new Error(`a pick key the list cannot read: ${key}`);
  if (await db.pick.findUnique({ where: { key }, select: { key: true } })) return key;
  try {
    await writeTurn(db)(() =>
      db.$transaction(
        async (tx) => {
          await tx.pick.create({ data: { key, size: unique.length, createdBy } });
          for (let at = 0; at < unique.length; at += 1000)
            await tx.pickMember.createMany({
              data: unique.slice(at, at + 1000).map((externalId) => ({ pickKey: key, externalId })),
            });
        },
        transactionTimeouts({ rows: 1, msPerRow: 0 }),
      ),
    );
  } catch (error) {
    // Kept at the same moment by another request or server: the same ids, so the same pick.
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  return key;
}

/** Refuses (not_found) a view whose kept pick this database does not hold: it would mean no instance. */
export async function requireKeptPick(db: Database, pick: string | null): Promise<void> {
  if (pick && !(await db.pick.findUnique({ where: { key: pick }, select: { key: true } })))
    throw new AppError("not_found", `no kept pick ${pick} on this server: pick the rows again`);
}
