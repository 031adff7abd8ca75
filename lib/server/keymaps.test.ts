import { expect, test } from "vitest";
import { openTempDatabase } from "../testing/temp-database";
import { addUser } from "./auth/users";
import { keymapOf, saveKeymap } from "./keymaps";

test("a user's keymap is stored with only the keys moved, read back, and refused when a key would do two things", async () => {
  const { db, close } = await openTempDatabase();
  try {
    await addUser(db, { name: "bo", role: "curator", password: "a long password" });
    expect(await keymapOf(db, "bo")).toEqual({});
    expect(await saveKeymap(db, "bo", { a: "y", t: "t" })).toEqual({ a: "y" });
    expect(await keymapOf(db, "bo")).toEqual({ a: "y" });
    await expect(saveKeymap(db, "bo", { a: "t" })).rejects.toThrow('"t" would do two things');
    expect(await keymapOf(db, "bo")).toEqual({ a: "y" });
    await saveKeymap(db, "bo", {});
    expect((await db.user.findUnique({ where: { name: "bo" } }))?.keymap).toBeNull();
  } finally {
    await close();
  }
});
