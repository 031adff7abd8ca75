import { expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import { AppError } from "../app-error";
import { deleteView, SAVED_VIEW_MAX_CHARS, SAVED_VIEWS_MAX, savedViewsOf, saveView } from "./saved-views";

test("saved views are each user's own, named, normalised as the list writes them, replaced by name", async () => {
  const { db, close } = await openTempDatabase();
  try {
    expect(await saveView(db, "ada", "go pending", "review=pending&language=go&sort=externalId")).toBe(
      "language=go&review=pending",
    );
    await saveView(db, "grace", "go pending", "language=go");
    await saveView(db, "ada", "go pending", "language=go,python");
    expect(await savedViewsOf(db, "ada")).toEqual([{ name: "go pending", search: "language=go%2Cpython" }]);
    expect(await savedViewsOf(db, "grace")).toEqual([{ name: "go pending", search: "language=go" }]);
    expect(await deleteView(db, "ada", "go pending")).toBe(true);
    expect(await deleteView(db, "ada", "go pending")).toBe(false);
    expect(await savedViewsOf(db, "ada")).toEqual([]);
  } finally {
    await close();
  }
});

test("a user saves at most 50 views of at most 8,000 characters, and is told so when a save is refused", async () => {
  const { db, close } = await openTempDatabase();
  try {
    for (let n = 0; n < SAVED_VIEWS_MAX; n++) await saveView(db, "ada", `view ${n}`, `language=go&q=v${n}`);
    const refused = saveView(db, "ada", "one more", "language=python");
    await expect(refused).rejects.toThrow(
      "you have saved 50 views, the most one user keeps: remove one to save another (or save this one under an existing name)",
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    // Replacing one by its name is no new view; another user has their own fifty; after a removal one fits.
    await saveView(db, "ada", "view 3", "language=python");
    await saveView(db, "grace", "one more", "language=python");
    await deleteView(db, "ada", "view 0");
    await saveView(db, "ada", "one more", "language=python");
    expect(await savedViewsOf(db, "ada")).toHaveLength(SAVED_VIEWS_MAX);
    // Too long a view (ids past what a link carries, which the list keeps as a pick instead): refused, nothing kept.
    const ids = Array.from({ length: 600 }, (_, n) => `acme__widgets-${n}`).join(",");
    await deleteView(db, "ada", "view 1");
    const long = saveView(db, "ada", "long", `ids=${ids}`);
    await expect(long).rejects.toThrow(/^a saved view is at most 8,000 characters \(this one is \d{1,3}(,\d{3})*\)/);
    expect(await savedViewsOf(db, "ada")).toHaveLength(SAVED_VIEWS_MAX - 1);
    expect(SAVED_VIEW_MAX_CHARS).toBe(8_000);
  } finally {
    await close();
  }
});
