// Ruby: the classes and modules a file's hunks leave open, carried to the next hunk.
import type { Hunk } from "../../parse-diff";
import { indentOf } from "../hunk-lines";
import type { ClassTracker } from "../language";

/** How many unseen lines may stand between a hunk that leaves a class open and the next one still inside it. */
const SCOPE_CARRY_LINES = 40;

interface Scope {
  name: string;
  indent: number;
}

const SCOPE_LINE = /^(\s*)(?:class|module)\s+([A-Z][\w:]*)(?!.*;\s*end\b)/;

/**
 * Ruby: the scopes (`module Lotus` / `module Interactor` / `class Result`) a hunk leaves open at its end, read from
 * its lines (and git's header, `module Lotus`), carried to the next hunk of the file when it starts no more than
 * SCOPE_CARRY_LINES lines below and git's header names the outermost of them: its members, `def errors` six spaces
 * in, are the innermost scope's (`Result`), not a class the file's name suggests (`interactor.rb`). The carried
 * scopes are written `Lotus/Interactor/Result`, one a level (`module Dry::Initializer` is one), two spaces a level.
 */
export class RubyScopeTracker implements ClassTracker {
  private open: { scopes: Scope[]; after: number } | null = null;

  classOf(context: string, oldStart: number): string | null {
    const open = this.open;
    if (!open || open.scopes.length === 0 || oldStart - open.after > SCOPE_CARRY_LINES) return null;
    const header = SCOPE_LINE.exec(context);
    if (!header || header[2] !== open.scopes[0]?.name || indentOf(context) !== open.scopes[0]?.indent) return null;
    // (Two spaces a level, from column 0: else the levels the carried names stand for are not the lines'.)
    if (open.scopes.some((scope, level) => scope.indent !== 2 * level)) return null;
    return open.scopes.map((scope) => scope.name).join("/");
  }

  postName(name: string): string {
    return name;
  }

  see(hunk: Hunk, context: string, carried: string | null): void {
    const header = SCOPE_LINE.exec(context);
    const scopes: Scope[] = carried
      ? carried.split("/").map((name, level) => ({ name, indent: 2 * level }))
      : header
        ? [{ name: header[2] as string, indent: indentOf(context) }]
        : [];
    for (const line of hunk.lines) {
      if (line.kind === "-" || line.text.trim() === "" || /^\s*#/.test(line.text)) continue;
      const indent = indentOf(line.text);
      const scope = SCOPE_LINE.exec(line.text);
      if (scope) {
        while ((scopes.at(-1)?.indent ?? -1) >= indent) scopes.pop();
        scopes.push({ name: scope[2] as string, indent });
      } else if (/^\s*end\b/.test(line.text)) while ((scopes.at(-1)?.indent ?? -1) >= indent) scopes.pop();
    }
    this.open = { scopes, after: hunk.oldStart + hunk.oldLines };
  }
}
