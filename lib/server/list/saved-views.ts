import { listStateToSearch } from "../../review/list-state";
import { type Database, writeTurn } from "../db/client";
import { viewState } from "./view-state";

/** A user's saved list views, by name. */
export const savedViewsOf = (db: Database, owner: string) =>
  db.savedView.findMany({ where: { owner }, orderBy: { name: "asc" }, select: { name: true, search: true } });

/** Saves (or replaces) a named view: its state as the list writes it in the URL, normalised. */
export async function saveView(db: Database, owner: string, name: string, search: string) {
  const normalised = listStateToSearch(viewState(search));
  await writeTurn(db)(() =>
    db.savedView.upsert({
      where: { owner_name: { owner, name } },
      create: { owner, name, search: normalised },
      update: { search: normalised },
    }),
  );
  return normalised;
}

export async function deleteView(db: Database, owner: string, name: string): Promise<boolean> {
  const { count } = await writeTurn(db)(() => db.savedView.deleteMany({ where: { owner, name } }));
  return count > 0;
}
