/** One entry of SWE-bench Pro's `interface` text: `Type/Name/Path/Input/Output/Description` (or `Function: name`). */
export interface InterfaceEntry {
  type: string;
  name: string;
  path: string | null;
  input: string | null;
  output: string | null;
  description: string | null;
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
]);
const KEY_LINE = /^\s*(?:\d+[.)]\s*)?(?:[-*]\s*)?\**([A-Za-z][A-Za-z ]{0,20}?)\**\s*:\s*(.*)$/;

/** Parses the interface text into entries; tolerant of numbering, bullets, bold keys and blank lines. */
export function parseInterfaceText(text: string | null): InterfaceEntry[] {
  if (!text) return [];
  const entries: InterfaceEntry[] = [];
  let current: InterfaceEntry | null = null;
  let lastKey = "";
  const start = (type: string, name = "") => {
    current = { type, name, path: null, input: null, output: null, description: null };
    entries.push(current);
  };
  for (const line of text.split(/\r?\n/)) {
    const match = KEY_LINE.exec(line);
    const key = match?.[1]?.trim().toLowerCase() ?? "";
    const value = (match?.[2] ?? "").trim().replace(/^`(.*)`$/, "$1");
    if (match && key === "type") {
      start(value.toLowerCase());
      lastKey = key;
    } else if (match && TYPE_KEYS.has(key)) {
      start(key, value);
      lastKey = "name";
    } else if (match && key === "name") {
      if (!current || (current as InterfaceEntry).name) start("", value);
      else (current as InterfaceEntry).name = value;
      lastKey = key;
    } else if (
      match &&
      current &&
      ["path", "file", "location", "input", "inputs", "output", "outputs", "returns", "description"].includes(key)
    ) {
      const entry = current as InterfaceEntry;
      if (key === "path" || key === "file" || key === "location") entry.path = value;
      else if (key.startsWith("input")) entry.input = value;
      else if (key.startsWith("output") || key === "returns") entry.output = value;
      else entry.description = value;
      lastKey = key;
    } else if (current && lastKey === "description" && line.trim() !== "") {
      const entry = current as InterfaceEntry;
      entry.description = `${entry.description ?? ""} ${line.trim()}`.trim();
    }
  }
  return entries.filter((entry) => entry.name !== "");
}

const pathMatches = (entryPath: string | null, path: string) =>
  entryPath === null || path === entryPath || path.endsWith(`/${entryPath}`) || entryPath.endsWith(`/${path}`);

/** The interface entry describing an identifier, matched by name (qualified or member) and path. */
export function findInterfaceEntry(
  entries: InterfaceEntry[],
  identifier: { name: string; member: string; path: string },
): InterfaceEntry | null {
  const named = entries.filter((e) => {
    const name = e.name.replace(/\(.*$/, "").trim();
    return name === identifier.name || name === identifier.member || name.endsWith(`.${identifier.member}`);
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
