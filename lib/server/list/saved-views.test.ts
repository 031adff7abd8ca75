import { expect, test } from "vitest";
import { openTempDatabase } from "../../testing/temp-database";
import { deleteView, savedViewsOf, saveView } from "./saved-views";

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
