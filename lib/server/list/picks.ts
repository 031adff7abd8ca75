import { createHash } from "node:crypto";
import { ID_MAX_LENGTH, PICK_KEY } from "../../review/list-state";
import { PICK_MAX } from "../../review/pick-ids";
import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";

export { PICK_MAX };

/**
 * The most picks one user keeps (a pick of 20,000 long ids is about 6 MB). Past it their oldest picks that no
 * saved view and no hint set names are let go (a link to one then says the pick is not kept); when every one is
 * named, a new pick is refused, saying so.
 */
export const PICKS_PER_USER = 20;

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
          await makeRoomFor(tx, createdBy);
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

type Tx = Parameters<Parameters<Database["$transaction"]>[0]>[0];

/** Lets go of `user`'s oldest picks no saved view or hint set names, until they keep fewer than PICKS_PER_USER. */
async function makeRoomFor(tx: Tx, user: string): Promise<void> {
  const kept = await tx.pick.findMany({
    where: { createdBy: user },
    orderBy: { createdAt: "asc" },
    select: { key: true },
  });
  let over = kept.length - PICKS_PER_USER + 1;
  for (const { key } of kept) {
    if (over <= 0) return;
    // A key is digits, a dash and hex: nothing a LIKE pattern reads as a wildcard.
    const named =
      (await tx.savedView.count({ where: { search: { contains: `pick=${key}` } } })) +
      (await tx.hintSet.count({ where: { filter: { contains: `pick=${key}` } } }));
    if (named > 0) continue;
    await tx.pick.delete({ where: { key } });
    over--;
  }
  if (over > 0)
    throw new AppError(
      "conflict",
      `you keep ${kept.length} picks, the most one user keeps, and every one is named by a saved view or a hint set: remove a saved view to keep another`,
    );
}
