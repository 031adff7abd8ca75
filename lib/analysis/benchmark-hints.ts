/** One entry of SWE-bench Pro's `interface` text: `Type/Name/Path/Input/Output/Description` (or `Function: name`). */
export interface InterfaceEntry {
  type: string;
  name: string;
  path: string | null;
  input: string | null;
  output: string | null;
  description: string | null;
  /** the class or receiver a member entry names (`Class: Store`, `Receiver: (s *Segment)`) */
  owner?: string | null;
}

const TYPE_KEYS = new Set([
  "function",
  "method",
  "class",
  "struct",
  "interface",
  "type",
  "enum",
  "constant",
  "variable",
  "field",
  "constructor",
  "file",
  "module",
  "property",
  "attribute",
  "trait",
  "hook",
  "component",
]);
const DESCRIPTION_KEYS = new Set(["description", "summary", "purpose", "notes", "behavior", "behaviour"]);
const PATH_KEYS = new Set(["path", "file", "location", "filepath", "file path"]);
// `1. `, `- `, `* `, `#### `, `**Key:**`, `**Key**:`, with any mix of non-breaking spaces.
const KEY_LINE =
  /^[\s\u00a0]*(?:#+[\s\u00a0]*)?(?:\d+[.)][\s\u00a0]*)?(?:[-*•][\s\u00a0]*)?\**([A-Za-z][A-Za-z /]{0,20}?)\**[\s\u00a0]*:[\s\u00a0]*\**(.*)$/;

/** A value as written, without Markdown's backticks, bold marks and trailing spaces. */
const clean = (value: string) =>
  value
    .replace(/^[\s*]+|[\s*]+$/g, "")
    .replace(/^`([^`]*)`(.*)$/, "$1$2")
    .trim();

/** The name a value gives: `func (e EOL) IsEnded(now time.Time) bool` → `IsEnded`; `config.EOL` → `config.EOL`. */
function nameOf(value: string): string {
  const text = clean(value).replace(/`/g, "");
  const signature =
    /^(?:(?:export|public|private|static|async|def|func|function|fn|class|struct|interface|type)\s+)*(?:\([^)]*\)\s*)?([A-Za-z_$][\w$.]*)\s*[(<]/.exec(
      text,
    );
  if (signature?.[1]) return signature[1].replace(/\.+$/, "");
  return (/^[A-Za-z_$][\w$.]*/.exec(text)?.[0] ?? text).replace(/\.+$/, "");
}

/** What follows a one-line entry's name as its description: `Method: \`Values\`. Retrieves all values.` */
function trailingDescription(value: string): string | null {
  const rest = /^\s*`[^`]+`\s*[.:—-]\s*(.+)$/.exec(value)?.[1]?.trim();
  return rest && /\s/.test(rest) ? rest : null;
}

const MEMBER_ENTRY = new Set(["method", "function", "field", "property", "constructor", "attribute"]);
const OWNER_KEYS = new Set(["class", "struct", "interface", "receiver", "owner", "parent", "on"]);

/** A path value: the first thing that looks like a file path (`a/b.py (as method of KeyInfo)` → `a/b.py`). */
const pathOf = (value: string) =>
  /[\w@.\-/]+\.[A-Za-z0-9]+|[\w@.-]+(?:\/[\w@.-]+)+/.exec(clean(value).replace(/`/g, ""))?.[0] ?? clean(value);

/**
 * Parses SWE-bench Pro's interface text into entries. Layouts seen in the data and beyond: `Type:` and
 * `Name:` in either order, `Function: name` / `Method: signature` one-liners, numbered, bulleted, bold and
 * heading keys, `Path`/`File`/`Location`, `Description`/`Summary`/`Notes`, several entries per block.
 * A key that an entry already has starts the next entry.
 */
export function parseInterfaceText(text: string | null): InterfaceEntry[] {
  if (!text) return [];
  const entries: InterfaceEntry[] = [];
  let current: InterfaceEntry | null = null;
  let seen = new Set<string>();
  let lastKey = "";
  const start = () => {
    current = { type: "", name: "", path: null, input: null, output: null, description: null };
    entries.push(current);
    seen = new Set();
  };
  const entry = (field: string): InterfaceEntry => {
    if (!current || seen.has(field)) start();
    seen.add(field);
    return current as unknown as InterfaceEntry;
  };
  for (const line of text.split(/\r?\n/)) {
    const match = KEY_LINE.exec(line);
    const key = match?.[1]?.trim().toLowerCase() ?? "";
    const value = match?.[2] ?? "";
    const looksLikePath = /[\w-]\/[\w.-]|\.[A-Za-z0-9]{1,5}$/.test(clean(value).replace(/`/g, "").split(/\s/)[0] ?? "");
    if (match && current && PATH_KEYS.has(key) && looksLikePath && !seen.has("path")) {
      // `File: a/b.go` under an entry is where it lives, not a new entry of kind file.
      entry("path").path = pathOf(value);
      lastKey = "path";
    } else if (match && key === "type") {
      const words = clean(value).toLowerCase().replace(/\(.*$/, "").split(/\s+/);
      // `Type: New Public Method` → method; `Type: Redux Action` → redux action.
      const word = words.find((w) => TYPE_KEYS.has(w)) ?? words.join(" ");
      // `Type: Class` names the kind; `Type: \`config.EOL\`` names the thing itself.
      if (TYPE_KEYS.has(word) || /^[a-z]+(\s+[a-z]+){0,2}$/.test(word)) {
        entry("type").type = word;
      } else {
        const e = entry("name");
        e.name = nameOf(value);
        if (!seen.has("type")) {
          seen.add("type");
          e.type = "type";
        }
      }
      lastKey = "type";
    } else if (
      match &&
      current &&
      OWNER_KEYS.has(key) &&
      (current as InterfaceEntry).name !== "" &&
      MEMBER_ENTRY.has((current as InterfaceEntry).type) &&
      !seen.has("owner") &&
      !seen.has("description")
    ) {
      // `Name: setCurrent` then `Class: Store`: the class the member belongs to, not a new entry.
      (current as InterfaceEntry).owner = nameOf(value.replace(/^\s*`?\(\s*\w+\s+\*?/, "").replace(/\)`?\s*$/, ""));
      seen.add("owner");
      lastKey = "owner";
    } else if (match && TYPE_KEYS.has(key) && clean(value) !== "") {
      // `Function: build_ping`, `Method: \`func (e EOL) IsEnded() bool\``: the kind and the name at once.
      const e = entry("name");
      e.name = nameOf(value);
      if (!seen.has("type")) {
        seen.add("type");
        e.type = key;
      }
      const inline = trailingDescription(value);
      if (inline) {
        e.description = inline;
        seen.add("description");
        lastKey = "description";
      } else lastKey = "name";
    } else if (match && key === "name") {
      entry("name").name = nameOf(value);
      lastKey = "name";
    } else if (match && current && PATH_KEYS.has(key)) {
      entry("path").path = pathOf(value);
      lastKey = "path";
    } else if (match && current && /^inputs?$|^parameters$|^arguments$/.test(key)) {
      entry("input").input = clean(value) || null;
      lastKey = "input";
    } else if (match && current && /^outputs?$|^returns?$/.test(key)) {
      entry("output").output = clean(value) || null;
      lastKey = "output";
    } else if (match && current && DESCRIPTION_KEYS.has(key)) {
      const e = current as InterfaceEntry;
      // A second description-like key adds to the first (Summary, then Notes).
      e.description = e.description ? `${e.description} ${clean(value)}`.trim() : clean(value) || null;
      seen.add("description");
      lastKey = "description";
    } else if (current && lastKey === "description" && line.trim() !== "" && !match) {
      const e = current as InterfaceEntry;
      e.description = `${e.description ?? ""} ${clean(line)}`.trim();
    }
  }
  return entries.filter((e) => e.name !== "");
}

/** A description as Declaration + Doc states it: its first sentence, at most 20 words (SPEC §5). */
export function oneSentence(text: string, maxWords = 20): string {
  const first = /^.*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  const words = first.split(/\s+/);
  return words.length <= maxWords
    ? first
    : `${words
        .slice(0, maxWords)
        .join(" ")
        .replace(/[,;:]$/, "")} …`;
}

const pathMatches = (entryPath: string | null, path: string) =>
  entryPath === null || path === entryPath || path.endsWith(`/${entryPath}`) || entryPath.endsWith(`/${path}`);

const TYPE_ENTRY = new Set(["class", "struct", "interface", "type", "enum", "trait"]);
const MEMBER_KINDS = new Set(["field", "method", "property", "parameter", "constant"]);

/**
 * The interface entry describing an identifier, matched by qualified name or member name and path. A
 * member (field, method) never takes the description of a same-named type, nor a type a member's.
 */
export function findInterfaceEntry(
  entries: InterfaceEntry[],
  identifier: { name: string; member: string; path: string; kind?: string; owner?: string | null },
): InterfaceEntry | null {
  const named = entries.filter((e) => {
    const name = e.name.replace(/\(.*$/, "").trim();
    const sameName =
      name === identifier.name ||
      name === identifier.member ||
      name.endsWith(`.${identifier.member}`) ||
      identifier.name.endsWith(`.${name}`);
    if (!sameName) return false;
    // An entry that names its class must name this identifier's.
    if (e.owner && identifier.owner && e.owner.split(".").pop() !== identifier.owner.split(".").pop()) return false;
    if (identifier.kind && identifier.owner && MEMBER_KINDS.has(identifier.kind) && TYPE_ENTRY.has(e.type))
      return false;
    if (identifier.kind && TYPE_ENTRY.has(identifier.kind) && (e.type === "field" || e.type === "method")) return false;
    return true;
  });
  return (
    named.find((e) => e.path !== null && pathMatches(e.path, identifier.path)) ??
    named.find((e) => pathMatches(e.path, identifier.path)) ??
    null
  );
}

/** The requirement paragraphs or bullets of an instance that mention a name. */
export function requirementsMentioning(requirements: string | null, member: string): string[] {
  if (!requirements || member.length < 3) return [];
  const items = requirements
    .split(/\r?\n(?=\s*(?:[-*•]|\d+[.)])\s)|\r?\n\s*\r?\n/)
    .map((item) => item.trim().replace(/^(?:[-*•]|\d+[.)])\s+/, ""))
    .filter(Boolean);
  const word = new RegExp(`(^|[^\\w])${member.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w]|$)`);
  return items.filter((item) => word.test(item));
}
