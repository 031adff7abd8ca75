// C++: the class an earlier hunk of a header showed open, carried to a later hunk under git's `public:` header.
import type { Hunk } from "../../parse-diff";
import { recordRenames } from "../class-renames";
import { ACCESS_LABEL, leadingSpaceOf } from "../hunk-lines";
import type { ClassTracker } from "../language";

/**
 * How far below the last line an earlier hunk showed of an open class a later hunk is in it by nearness alone: too
 * few lines between for the class's `};`, another class's line and its `public:`.
 */
export const CPP_CLASS_CARRY_LINES = 3;

/** A class's line at column 0 (`class maybe`, `template <typename T> class maybe {`, `struct Node : Base {`); no forward declaration. */
const CLASS_LINE =
  /^(?:template\s*<.*>\s*)?(?:class|struct)\s+(?:\w+\s+)*?(\w+)\s*(?:final\s*)?(?::[^;{]*)?\{?\s*(?:\/\/.*)?$/;

/** A class's line for renames (`-class mdarray_traverser` / `+class mdarray_iterator : public …`): indentation and name. */
const RENAMED_CLASS_LINE = /^(\s*)(?:template\s*<.*>\s*)?(?:class|struct)\s+(?:[A-Z][A-Z0-9_]*\s+)?(\w+)(?!\s*;)/;

/** A namespace's line, as git's header (`namespace dp {`). */
const NAMESPACE_LINE = /^\s*(?:inline\s+)?namespace\s+[\w:]+\s*\{?\s*(?:\/\/.*)?$/;

/** An indented class's line (`    class thread_pool {`, no forward declaration) and an indented destructor's. */
const INDENTED_CLASS_LINE =
  /^\s+(?:template\s*<.*>\s*)?(?:class|struct)\s+(?:\w+\s+)*?(\w+)\s*(?:final\s*)?(?::[^;{]*)?\{?\s*$/;
const DESTRUCTOR_LINE = /^\s+(?:virtual\s+)?~(\w+)\s*\(/;

/**
 * Whether a hunk under a namespace's header is in an indented class's body: it shows an access label indented
 * (`      private:`) under members indented deeper, and nothing closes past that label's level before it.
 */
export function inIndentedClass(lines: readonly string[]): boolean {
  const code = lines.filter((line) => line.trim() !== "" && !/^\s*(#|\/\/|\/?\*)/.test(line));
  const label = code.findIndex((line) => /^\s+(public|protected|private)\s*:\s*$/.test(line));
  if (label <= 0) return false;
  const level = leadingSpaceOf(code[label] as string);
  return code.every((line, at) => at === label || leadingSpaceOf(line) > level);
}

/** Whether a class's name is a file's stem, case and separators aside (`thread_pool`, `ThreadPool`, `thread-pool`). */
const sameName = (name: string, stem: string): boolean =>
  name.toLowerCase().replace(/[^a-z0-9]/g, "") === stem.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Words a line may start with before `(` that name no class. */
const KEYWORDS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "return",
  "sizeof",
  "decltype",
  "static_assert",
  "alignas",
  "noexcept",
  "operator",
  "template",
]);

/** A member function's declaration in a class's body: `bool is_just() const`, `const T& unsafe_get_just() const`. */
const MEMBER_LINE =
  /^\s+(?!(?:return|else|throw|case|delete|new|co_return|goto|using|typedef)\b)(?:(?:virtual|static|inline|constexpr|explicit)\s+)*(?:const\s+)?[\w:]+(?:<[^()]*>)?[\s*&]+(\w+)\s*\(/;

interface OpenClass {
  name: string;
  /** an access label at column 0 was shown in its body */
  labelled: boolean;
  /** its member functions the hunks showed */
  members: Set<string>;
}

/**
 * The class whose body an earlier hunk of the file left open at column 0 (`class maybe` / `{` / `public:`, and
 * no `};` at column 0 after it): a later hunk under git's header `public:` is read in it (FunctionalPlus's
 * `maybe.get_with_default`), rather than in a class of no name, where it is near (CPP_CLASS_CARRY_LINES) or its
 * lines call bare two members the class was shown to declare (`if (is_just())`, `return unsafe_get_just();`), and it
 * shows no other class's constructor or destructor at its members' level.
 * Another class in the lines between would open under a header line of its own, whose `public:` git names alike.
 */
export class CppClassTracker implements ClassTracker {
  private open: (OpenClass & { after: number }) | null = null;
  /**
   * Classes the file's hunks showed indented (in a namespace), by a destructor (`~thread_pool() {`) or a class line and
   * the member after it: the indentation of their members.
   */
  private readonly indented = new Map<string, number>();

  constructor(private readonly path = "") {}
  /** old name → new name of the classes earlier hunks renamed (git's later headers keep the old one) */
  private readonly renames = new Map<string, string>();

  classOf(context: string, oldStart: number, hunk?: Hunk): string | null {
    // Under a namespace's header, a hunk in an indented class's body (see inIndentedClass): the file's namesake
    // class (`thread_pool` in thread_pool.h), where an earlier hunk showed it indented with its members at this
    // hunk's members' level (not a nested class's members, deeper; not another class's, of another name).
    const shown = (hunk?.lines ?? []).flatMap(({ kind, text }) => (kind === "-" ? [] : [text]));
    if (NAMESPACE_LINE.test(context) && inIndentedClass(shown)) {
      const members = shown.filter(
        (t) => t.trim() !== "" && !ACCESS_LABEL.test(t.trim()) && !/^\s*(#|\/\/|\/?\*)/.test(t),
      );
      const level = Math.min(...members.map((t) => leadingSpaceOf(t)));
      const stem = (this.path.split("/").pop() ?? "").replace(/\.[^.]*$/, "");
      const named = [...this.indented].filter(([name, at]) => at === level && sameName(name, stem));
      return named.length === 1 ? (named[0]?.[0] as string) : null;
    }
    const open = this.open;
    if (!open?.labelled || !ACCESS_LABEL.test(context.trim())) return null;
    const texts = (hunk?.lines ?? []).flatMap(({ kind, text }) => (kind === "-" ? [] : [text]));
    // (Not where the hunk shows another class's constructor or destructor at its members' level: `explicit Writer(int fd);`.)
    const code = texts.filter((t) => t.trim() !== "" && !/^\s*#/.test(t));
    const least = Math.min(...code.map((t) => leadingSpaceOf(t)));
    const namesClass = (text: string) =>
      /^\s*(?:(?:explicit|constexpr|inline|virtual)\s+)*~?([A-Za-z_]\w*)\s*\(/.exec(text)?.[1];
    const other = code
      .filter((t) => leadingSpaceOf(t) === least)
      .map(namesClass)
      .some((name) => name !== undefined && name !== open.name && !/^[A-Z0-9_]+$/.test(name) && !KEYWORDS.has(name));
    if (other) return null;
    if (oldStart - open.after <= CPP_CLASS_CARRY_LINES) return open.name;
    // (Two of its members called bare, not one: `size()` or `empty()` is most classes'.)
    const calls = (text: string) => [...text.matchAll(/(?<![\w.:>])(\w+)\s*\(/g)].map((m) => m[1] as string);
    const called = new Set(texts.flatMap(calls).filter((name) => open.members.has(name)));
    return called.size >= 2 ? open.name : null;
  }

  postName(name: string): string {
    return this.renames.get(name) ?? name;
  }

  see(hunk: Hunk, context: string, carried: string | null): void {
    // Where the hunk starts: in the class carried to it, in the class git's header names, else (under another
    // column-0 line, or an access label of a class no hunk showed) in none known.
    recordRenames(hunk, this.renames, RENAMED_CLASS_LINE);
    const header = /;\s*$/.test(context) ? undefined : CLASS_LINE.exec(context)?.[1];
    const headed = header === undefined ? undefined : this.postName(header);
    const members = carried && this.open?.name === carried ? this.open.members : new Set<string>();
    let open: OpenClass | null = carried
      ? { name: carried, labelled: true, members }
      : headed
        ? { name: headed, labelled: false, members: new Set() }
        : null;
    let pending: string | null = null;
    let indentedClass: { name: string; at: number } | null = null;
    for (const { kind, text } of hunk.lines) {
      if (kind === "-") continue;
      const destructor = DESTRUCTOR_LINE.exec(text)?.[1];
      if (destructor) this.indented.set(destructor, leadingSpaceOf(text));
      if (indentedClass && text.trim() !== "" && !/^\s*\{\s*$/.test(text) && !ACCESS_LABEL.test(text.trim())) {
        if (leadingSpaceOf(text) > indentedClass.at) this.indented.set(indentedClass.name, leadingSpaceOf(text));
        indentedClass = null;
      }
      const nested = INDENTED_CLASS_LINE.exec(text)?.[1];
      if (nested) indentedClass = { name: nested, at: leadingSpaceOf(text) };
      const named = CLASS_LINE.exec(text)?.[1];
      if (named && !/;\s*$/.test(text)) {
        if (/\{\s*(?:\/\/.*)?$/.test(text)) open = { name: named, labelled: false, members: new Set() };
        else pending = named;
        continue;
      }
      if (pending && /^\{\s*$/.test(text)) {
        open = { name: pending, labelled: false, members: new Set() };
        pending = null;
        continue;
      }
      if (text.trim() !== "") pending = null;
      if (/^\}/.test(text)) open = null;
      else if (open && ACCESS_LABEL.test(text)) open.labelled = true;
      else if (open) {
        const member = MEMBER_LINE.exec(text)?.[1];
        if (member) open.members.add(member);
      }
    }
    this.open = open ? { ...open, after: hunk.oldStart + hunk.oldLines } : null;
  }
}
