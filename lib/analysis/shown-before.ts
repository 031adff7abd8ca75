// What a patch shows of a file before it, as shown: its lines, and the attributes they read.

import type { Fragment } from "./fragment";
import type { ParsedLanguage } from "./grammars";
import { moduleOfGrammar } from "./languages/lookup";
import type { SyntaxDefinition } from "./languages/syntax-facts";
import type { FileDiff } from "./parse-diff";
import type { ParsedFragment } from "./patch-types";

/**
 * Whether a field the post-image makes by assignment (`self.loaded_app = self.loaded_app()`, `this.x = …`) is one
 * its class had before: under a hunk header of git's naming that class, a pre-image line as shown (context or
 * removed) reads it through `self.`/`this.` (`if inspect.isclass(self.loaded_app):` under `class Config:`).
 * Hunks alone cannot show the class's earlier assignment; such a read can.
 */
export function assignedAttributeReadBefore(
  file: FileDiff,
  parsed: readonly ParsedFragment[],
  post: ParsedFragment,
  def: SyntaxDefinition,
): boolean {
  const cls = def.owner?.split(".").pop();
  if ((def.kind !== "field" && def.kind !== "property") || !cls) return false;
  // (An accessor, `get type ()`, over what the class's methods assigned before, `this.type = null`: written or read.)
  const accessor = def.kind === "property";
  if (!accessor && !/^\s*(self|this)\.\w+\s*(:[^=]+)?=[^=]/.test(post.fragment.rows[def.row]?.text ?? "")) return false;
  const header = new RegExp(`\\bclass\\s+${cls.replace(/\W/g, "")}\\b`);
  const read = new RegExp(`\\b(self|this)\\.${def.member.replace(/\W/g, "")}\\b${accessor ? "" : "(?!\\s*=[^=])"}`);
  return parsed.some(
    (x) =>
      x.fragment.side === "pre" &&
      header.test(file.hunks[x.fragment.hunkIndex ?? -1]?.context ?? "") &&
      x.fragment.rows.some((row) => row !== null && read.test(row.text)),
  );
}

/** A pre-image's lines as the hunk shows them (context and removed), after git's header (a line of the file before too); no stand-in's. */
export const shownLinesBefore = (file: FileDiff, fragment: Fragment): string[] => [
  file.hunks[fragment.hunkIndex ?? -1]?.context ?? "",
  ...fragment.rows.flatMap((row) => (row ? [row.text] : [])),
];

/** Whether a field is an enum's member by git's header alone (a class body hunk under the enum's header, see HunkRules.enumClassHeader). */
export function enumMemberUnderHeader(
  language: ParsedLanguage,
  file: FileDiff,
  post: ParsedFragment,
  def: SyntaxDefinition,
): boolean {
  const owner = def.owner?.split(".").pop();
  if (def.kind !== "field" || !owner) return false;
  const header = file.hunks[post.fragment.hunkIndex ?? -1]?.context ?? "";
  return moduleOfGrammar(language).hunks.enumClassHeader?.(header, owner) ?? false;
}

/**
 * Whether a definition is an accessor over what its class kept private before (a Java record's `requestType()` over
 * `private RemoteRequestType requestType;`, read through `getRequestType()`): callers had no member of that name.
 */
export const privateBefore = (
  def: SyntaxDefinition,
  before: SyntaxDefinition | undefined,
  shown: readonly SyntaxDefinition[],
): boolean =>
  def.kind === "property" &&
  before?.kind === "field" &&
  before.private === true &&
  // (Not where the pre-image shows a member of that name callers reached: `public int x()` beside `private int x`.)
  shown.every((other) => other.kind === "field" && other.private === true);
