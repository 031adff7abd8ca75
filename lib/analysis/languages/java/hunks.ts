// Java's hunks: git's java driver drops a method header's indentation; the members' level tells it back.
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
