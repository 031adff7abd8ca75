// Classes a hunk renames (`-class EloquentModelUuidStub extends Model` / `+class EloquentModelUsingUuid extends
// Model`): git keeps the old name on later hunks' headers, the post-image has the new one.
import type { FileDiff, Hunk } from "../parse-diff";
import type { ClassTracker } from "./language";

/** A type's declaration line in the brace languages (modifiers, then the keyword): its indentation and name. */
const TYPE_LINE =
  /^(\s*)(?:(?:public|protected|private|static|final|abstract|readonly|sealed|non-sealed|strictfp)\s+)*(?:class|interface|enum|record|trait)\s+(\w+)/;

/** Old name → new name, from a removed and an added type line at the same indentation in one hunk. */
export function recordRenames(hunk: Hunk, renames: Map<string, string>, line = TYPE_LINE): void {
  const typesOn = (kind: "-" | "+") =>
    hunk.lines
      .filter((l) => l.kind === kind)
      .map((l) => line.exec(l.text))
      .filter((m): m is RegExpExecArray => m !== null);
  // (A type both removed and added again is no rename, nor is it renamed to: a new type added above a changed
  // one, `+export interface ButtonTheme {` over `-`/`+export interface ButtonProps {`, names nothing anew.)
  const removed = typesOn("-");
  const added = typesOn("+");
  const names = (types: RegExpExecArray[]) => new Set(types.map((m) => m[2]));
  const from = removed.filter((m) => !names(added).has(m[2]));
  const to = added.filter((m) => !names(removed).has(m[2]));
  from.forEach((old, index) => {
    const renamed = to[index];
    if (renamed && renamed[1] === old[1] && renamed[2] !== old[2]) renames.set(old[2] as string, renamed[2] as string);
  });
}

/** JavaScript's and TypeScript's type lines (`export interface CurrentOptions {`, `export default class X`). */
export const SCRIPT_TYPE_LINE =
  /^(\s*)(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:class|interface|enum)\s+([A-Za-z_$][\w$]*)/;

/**
 * A tracker that carries no class to later hunks, only the new names of the classes a hunk renamed (PHP; with
 * SCRIPT_TYPE_LINE, JavaScript and TypeScript: ajv's `-export interface Options {` / `+export interface
 * CurrentOptions {`, whose members a later hunk under `@@ … @@ export interface Options {` adds).
 */
export class RenameTracker implements ClassTracker {
  private readonly renames = new Map<string, string>();

  constructor(private readonly line = TYPE_LINE) {}

  classOf(): string | null {
    return null;
  }

  postName(name: string): string {
    return this.renames.get(name) ?? name;
  }

  see(hunk: Hunk): void {
    recordRenames(hunk, this.renames, this.line);
  }
}

/**
 * A hunk header as one image reads it: a header naming a class an earlier hunk renamed (git printed the old name)
 * takes the new name in both images: the class is one, and its members are not new for its new name. Not in the
 * pre-image where an added line of the file declares the old name again: a new class was put above it
 * (`+class CacheController` over the removed `-class CacheControl`, `+class CacheControl` further down), and
 * before, the members were the old one's.
 */
export function headerUnderPostName(
  file: FileDiff,
  classes: ClassTracker,
): (context: string, side: "pre" | "post") => string {
  const declaredAgain = new Set(
    file.hunks.flatMap((h) => h.lines.flatMap((l) => (l.kind === "+" ? [/^\s*class\s+(\w+)/.exec(l.text)?.[1]] : []))),
  );
  return (context, side) =>
    side === "pre" && declaredAgain.has(/class\s+(\w+)/.exec(context)?.[1] ?? "")
      ? context
      : context.replace(
          /^(\s*(?:(?:export|default|declare|public|protected|private|static|final|abstract|readonly|sealed)\s+)*(?:class|interface|enum|trait|record)\s+)(\w+)/,
          (_, head, name) => head + classes.postName(name),
        );
}
