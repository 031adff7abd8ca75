import { listStateToSearch } from "../../review/list-state";
import { AppError } from "../app-error";
import { type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";
import { viewState } from "./view-state";

/** A user's saved list views, by name. */
export const savedViewsOf = (db: Database, owner: string) =>
  db.savedView.findMany({ where: { owner }, orderBy: { name: "asc" }, select: { name: true, search: true } });

/** The most views one user saves, and the longest view saved (its link, normalised). */
export const SAVED_VIEWS_MAX = 50;
export const SAVED_VIEW_MAX_CHARS = 8_000;

/**
 * Saves (or replaces) a named view: its state as the list writes it in the URL, normalised. Refused, saying
 * so, past SAVED_VIEWS_MAX views of the user's or SAVED_VIEW_MAX_CHARS characters (ids too many for that go
 * in a kept pick, which the view then names).
 */
export async function saveView(db: Database, owner: string, name: string, search: string) {
  const normalised = listStateToSearch(viewState(search));
  if (normalised.length > SAVED_VIEW_MAX_CHARS)
    throw new AppError(
      "bad_request",
      `a saved view is at most ${SAVED_VIEW_MAX_CHARS.toLocaleString("en")} characters (this one is ${normalised.length.toLocaleString("en")}): keep its ids as a pick ("Keep only the selected") and save that`,
    );
  await writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        // Counted in the write that adds it: two saves at once cannot both pass the bound.
        const exists = await tx.savedView.findUnique({ where: { owner_name: { owner, name } }, select: { id: true } });
        if (!exists && (await tx.savedView.count({ where: { owner } })) >= SAVED_VIEWS_MAX)
          throw new AppError(
            "conflict",
            `you have saved ${SAVED_VIEWS_MAX} views, the most one user keeps: remove one to save another (or save this one under an existing name)`,
          );
        await tx.savedView.upsert({
          where: { owner_name: { owner, name } },
          create: { owner, name, search: normalised },
          update: { search: normalised },
        });
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
  return normalised;
}

export async function deleteView(db: Database, owner: string, name: string): Promise<boolean> {
  const { count } = await writeTurn(db)(() => db.savedView.deleteMany({ where: { owner, name } }));
  return count > 0;
}
