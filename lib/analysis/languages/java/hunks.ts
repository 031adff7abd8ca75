// Java's hunks: git's java driver drops a method header's indentation; the members' level tells it back.
import type { Hunk } from "../../parse-diff";
import { recordRenames } from "../class-renames";
import { indentOf, leadingSpaceOf } from "../hunk-lines";
import { type MemberLines, memberIndent, underHeaderMethod } from "../member-hunks";

/** Java's member declarations and statements, line by line (see MemberLines). */
export const JAVA_MEMBER_LINES: MemberLines = {
  // An annotation, an access or `abstract`/`static`/`synchronized`/`native` modifier, an interface's
  // `default` method.
  declaresMember: (line) =>
    /^\s*(@[A-Za-z][\w.]*(\s*\(.*\))?\s*$|@[A-Za-z][\w.]*\s+[\w<]|(final\s+)?(public|protected|private|abstract|static|synchronized|native)\s)/.test(
      line,
    ) || /^\s*default\s+[\w<>[\], ?]+\s+\w+\s*\(/.test(line),
  isStatement: (line) =>
    /^\s*(if|for|while|switch|return|throw|try|do|else|break|continue|case|yield|assert)\b/.test(line) ||
    /^\s*(this\.)?[\w$]+(\.[\w$]+)+\s*\(/.test(line) ||
    /^\s*[\w$]+\s*\([^)]*\)\s*;/.test(line) ||
    /^\s*(this\.)?[\w$.[\]]+\s*([-+*/%&|^]|<<|>>)?=[^=]/.test(line),
};

/** Java: the indentation of a hunk's class members (see memberIndent); null when no line declares one. */
export const javaMemberIndent = (lines: readonly string[]) => memberIndent(lines, JAVA_MEMBER_LINES);

/** Java, under a hunk header that names a method: see underHeaderMethod. */
export const javaUnderHeaderMethod = (lines: readonly string[]) => underHeaderMethod(lines, JAVA_MEMBER_LINES);

/** A class, interface, enum or record declaration line: its indentation and name. */
const TYPE_LINE =
  /^(\s*)(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\s+)*(?:class|interface|enum|record)\s+(\w+)/;

/**
 * Java: the nested types earlier hunks of a file showed, with the members shown inside each. git's java
 * driver names a method on a later hunk's header without its class (`public void setDelegate(TypeAdapter<T>
 * typeAdapter) {` of gson's `static class FutureTypeAdapter<T>`): where an earlier hunk showed that very
 * line inside a nested type, the hunk is in that type, not in the file's own class.
 */
export class JavaClassTracker {
  /** a member's declaration line (trimmed) → the nested type an earlier hunk showed it in, by its path */
  private readonly members = new Map<string, string>();
  /** old name → new name of the types earlier hunks renamed */
  private readonly renames = new Map<string, string>();
  /** the file's own class (a Java file's top-level class is its name's) */
  private readonly fileClass: string | null;

  constructor(path: string) {
    this.fileClass = /(\$*[A-Z][\w$]*)\.java$/.exec(path)?.[1] ?? null;
  }

  classOf(context: string): string | null {
    const header = context.trim();
    if (header.length < 10) return null;
    for (const [line, type] of this.members) if (line === header || line.startsWith(header)) return type;
    return null;
  }

  postName(name: string): string {
    return this.renames.get(name) ?? name;
  }

  see(hunk: Hunk): void {
    recordRenames(hunk, this.renames);
    const open: Array<{ name: string; indent: number }> = [];
    for (const { kind, text } of hunk.lines) {
      if (kind === "-" || text.trim() === "") continue;
      const indent = indentOf(text);
      // A `}` at a type's own indentation closes it: a later hunk under one of its members' headers is past it
      // (git names the last member line above a hunk), so those members carry it no further.
      if (text.trim().startsWith("}")) {
        const own = leadingSpaceOf(text);
        while (open.length > 0 && (open.at(-1)?.indent ?? -1) >= own) {
          const closed = open.pop()?.name;
          for (const [line, type] of this.members) if (type === closed) this.members.delete(line);
        }
        continue;
      }
      const type = TYPE_LINE.exec(text);
      // (Only nested types: a top-level one is the file's own class, which the wrapping finds by itself.)
      if (type && indent > 0) {
        // Its path: in the type the hunk shows around it, else (one level in) in the file's own class.
        const outer = open.at(-1)?.name ?? (this.fileClass && !open.length ? this.fileClass : null);
        open.push({ name: outer ? `${outer}.${type[2]}` : (type[2] as string), indent });
        continue;
      }
      const inner = open.at(-1);
      if (inner && indent > inner.indent && JAVA_MEMBER_LINES.declaresMember(text))
        this.members.set(text.trim(), inner.name);
    }
  }
}
