import { type Keymap, KeymapSchema } from "../review/keymap";
import { AppError } from "./app-error";
import { type Database, writeTurn } from "./db/client";

/** A user's keymap (the defaults where none is saved, or a saved one no longer reads). */
export async function keymapOf(db: Database, user: string): Promise<Keymap> {
  const row = await db.user.findUnique({ where: { name: user }, select: { keymap: true } });
  if (!row?.keymap) return {};
  try {
    const parsed = KeymapSchema.safeParse(JSON.parse(row.keymap));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Saves a user's keymap; a key put back on its default is left out. Throws the reason a map is refused. */
export async function saveKeymap(db: Database, user: string, raw: unknown): Promise<Keymap> {
  const parsed = KeymapSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("invalid-input", parsed.error.issues.map((i) => i.message).join("; "));
  const changed = Object.fromEntries(Object.entries(parsed.data).filter(([key, to]) => key !== to)) as Keymap;
  await writeTurn(db)(() =>
    db.user.update({
      where: { name: user },
      data: { keymap: Object.keys(changed).length > 0 ? JSON.stringify(changed) : null },
    }),
  );
  return changed;
}
