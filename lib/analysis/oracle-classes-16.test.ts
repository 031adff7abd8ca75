// Classes the oracle (hunks against whole files, `npm run bench:oracle`) showed in the sixteenth session, each on
// the real hunk first: TypeScript and JavaScript hunks that start inside something opened above them. Fixtures:
// the shared records' patches cut to the files named, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { hunkDefinitions } from "../testing/analysis-helpers";

test("babel 15649: a hunk under `const renameVisitor: Visitor<Renamer> = {` that closes a method of the object above (`    }` / `  },`) goes on with the object's new method ObjectProperty, as exact mode says", async () => {
  const names = await hunkDefinitions("babel-15649-renamer-code.diff");
  expect(names).toEqual(expect.arrayContaining(["ObjectProperty method new", "ObjectProperty.state parameter new"]));
});

test("tutanota befce4b: a hunk under `export class MailViewer …` that closes a method at column 0's class (`}` … `\t}` then `}`) adds a method of that class, MailViewer.handleAnchorClick, not an owner-less function; a field's object type begun above (`\\t\\trecipient: string` / `\\t} | null = null`) is no method's body, so the new field after it is read", async () => {
  const names = await hunkDefinitions("tutanota-befce4b-tails-code.diff");
  expect(names).toEqual(
    expect.arrayContaining([
      "MailViewer.handleAnchorClick method new",
      "MailViewer.handleAnchorClick.event parameter new",
      "MailViewer.handleAnchorClick.shouldDispatchSyntheticClick parameter new",
      "MailViewerViewModel.renderIsDelayed field new",
    ]),
  );
  expect(names.filter((n) => /^handleAnchorClick /.test(n))).toEqual([]);
});

test("tutanota f3ffe17: a getter of an object literal a method returns (`get eventBus() {` … `},`) is no member of the class; a hunk starting in a constructor's parameter properties (`private readonly userFacade: UserFacade,` … `) {}`) adds a parameter, as exact mode says", async () => {
  const names = await hunkDefinitions("tutanota-f3ffe17-code.diff");
  expect(names.filter((n) => n.startsWith("WorkerImpl."))).toEqual([]);
  expect(names).toEqual(expect.arrayContaining(["LoginFacade.entropyFacade parameter new"]));
  expect(names).not.toContain("LoginFacade.entropyFacade field new");
});

test("tutanota 1ff82aa: under `export class EphemeralCacheStorage …`, a hunk whose least indented code is a method's body (`\\t\\tthis.lastBatchIdPerGroup.delete(owner)` before the method's `\\t}`) calls, it defines no method; the new field is a field", async () => {
  const names = await hunkDefinitions("tutanota-1ff82aa-code.diff");
  expect(names).toEqual(expect.arrayContaining(["EphemeralCacheStorage.lastBatchIdPerGroup field new"]));
  expect(names.filter((n) => n.startsWith("EphemeralCacheStorage.lastBatchIdPerGroup"))).toHaveLength(1);
});

test("tutanota f373ac3: a hunk that starts in a method's parameter list (`\\t\\tqueryParameters?: Dict,` … `\\t): Promise<T> {`) under the class's header names no field of the class: the method's name is above the hunk", async () => {
  const names = await hunkDefinitions("tutanota-f373ac38-code.diff");
  expect(names.filter((n) => n.startsWith("EntityRestClient.providedOwnerEncSessionKey"))).toEqual([]);
});

test("axios 2c9cc76: method signatures of a declared class after the tail of a member's object type (`  };`) are the class's (Axios.request), the header naming it at column 0", async () => {
  const names = await hunkDefinitions("axios-commit-2c9cc76-dts-code.diff");
  expect(names).toEqual(expect.arrayContaining(["Axios.request method changed", "Axios.patch method changed"]));
  expect(names.filter((n) => /^(request|patch) /.test(n))).toEqual([]);
});

test("coreutils 6377: under `@@ … @@ struct Options<'a> {`, a hunk whose fields end with the struct's `}` at column 0 (then top-level lines) reopens the struct: its new field after `#[cfg(unix)]` is Options.ignore_signal, as exact mode says", async () => {
  expect(await hunkDefinitions("coreutils-6377-env-code.diff")).toEqual(
    expect.arrayContaining(["Options.ignore_signal field new"]),
  );
});

test("fmt 3901: under `@@ … @@ template <typename T> struct formatter<…> : formatter<T> {`, a hunk of statements four spaces in closed by `  }` then `};` is a method's body: its `auto arg = …` is a local, no field formatter.arg (the header keeps its indentation, so the `}` deeper than it closes a member)", async () => {
  const names = await hunkDefinitions("fmt-3901-format-code.diff");
  expect(names.filter((n) => n.startsWith("formatter."))).toEqual([]);
});
