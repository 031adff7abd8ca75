import { hintSourceHash } from "../../hint/fingerprint";
import type { PrismaClient as Database } from "../generated/prisma/client";
import { transactionTimeouts } from "./transaction-limits";
import { serialisedWrite } from "./write-lock";

const PAGE = 500;

/** The analysis version of databases made before fingerprints existed. */
const PRE_FINGERPRINT_ANALYSIS = "1";

/**
 * Fills the hint source hashes a migration could not compute (SQLite has no SHA-256): instances imported
 * before fingerprints existed get theirs, and decisions made before then are taken as made on that content.
 * Runs on every open; after the first it finds nothing to do with one indexed query.
 */
export async function backfillHintSources(db: Database): Promise<number> {
  let filled = 0;
  for (;;) {
    const page = await db.instance.findMany({
      where: { hintSource: "" },
      take: PAGE,
      select: { id: true, goldPatch: true, testPatch: true, interfaceText: true, requirements: true },
    });
    if (page.length === 0) return filled;
    await serialisedWrite(() =>
      db.$transaction(
        async (tx) => {
          for (const instance of page) {
            // Their stored identifiers come from the engine before fingerprints (version 1): once they are
            // analysed again by today's engine, the hash changes and their decisions show as stale.
            const hintSource = hintSourceHash(instance, PRE_FINGERPRINT_ANALYSIS);
            await tx.instance.update({ where: { id: instance.id }, data: { hintSource } });
            await tx.hint.updateMany({
              where: { instanceId: instance.id, sourceHash: null },
              data: { sourceHash: hintSource },
            });
          }
        },
        transactionTimeouts({ rows: 1, msPerRow: 0 }),
      ),
    );
    filled += page.length;
  }
}
