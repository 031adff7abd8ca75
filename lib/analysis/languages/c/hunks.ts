import { cFamilyClosers, UNKNOWN_OWNER } from "../hunk-lines";
import type { HunkRules, Wrapper, WrapRequest } from "../language";
import { braceTailOpeners, headerNames, NO_WRAP } from "../wrapping";

/** Where C and C++ differ in a hunk's stand-ins. */
export interface CDialect {
  /** the keyword a record the header names is reopened with (C has no `class`: a struct) */
  record: (keyword: string) => string;
  /** a `namespace` header reopens the namespace (C++) */
  namespaces: boolean;
  /** opens a class and a method at once, for a hunk that runs past both (C++) */
  classTail?: string;
}

/** The hunk rules of C and of C++, by dialect. */
export function cFamilyHunks(dialect: CDialect): HunkRules {
  const wrap = ({ context, indented }: WrapRequest): Wrapper => {
    if (!indented) return NO_WRAP;
    const { inFunction } = headerNames(context);
    const ns = /\bnamespace\s+([\w:]+)/.exec(context)?.[1];
    const record = /\b(class|struct|union)\s+(\w+)/.exec(context);
    if (record && !inFunction)
      return {
        prefix: [`${dialect.record(record[1] as string)} ${record[2]} {`],
        suffix: ["};"],
        owner: null,
        dedent: false,
      };
    if (ns && dialect.namespaces) return { prefix: [`namespace ${ns} {`], suffix: ["}"], owner: null, dedent: false };
    return inFunction ? { prefix: ["void __hintscope__() {"], suffix: ["}"], owner: null, dedent: false } : NO_WRAP;
  };
  return {
    wrap,
    tailOpeners: (wrapper, closed) =>
      braceTailOpeners(wrapper, closed, {
        classTail: dialect.classTail,
        first: ({ inClass, atTop }) => (inClass || atTop ? "void __hintscope_tail__() {" : "{"),
      }),
    blockComments: true,
    closeOpenBlocks: (suffix, lines) => {
      const open = cFamilyClosers(lines);
      return open.length > 0 ? [...open, ...suffix] : [...suffix];
    },
  };
}

/** C++'s class-and-method opener (see CDialect.classTail). */
export const CPP_CLASS_TAIL = `struct ${UNKNOWN_OWNER} { void __hintscope_tail__() {`;
