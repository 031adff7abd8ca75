import type { Node } from "web-tree-sitter";
import type { FactCollector } from "../syntax-facts";

// JSDoc's types in JavaScript (as TypeScript's checker reads them): `@typedef Options` and then
// `@property {'.'|')'} [bulletOrdered]` declare the fields of a type, which an options object's keys name.

/** `@typedef Options`, `@typedef {Object} FetchOptions - options for fetchIt` (an alias's too: no `@property` follows it). */
const TYPEDEF = /@typedef\s+(?:\{[^}]*\}\s+)?([A-Za-z_$][\w$]*)(?![\w$.])/;
/** `@property {string} name`, `@prop {…} [name]`, `[name=default]`: not a nested one's `options.name`. */
const PROPERTY = /@prop(?:erty)?\s+(?:\{.*\}\s+)?\[?([A-Za-z_$][\w$]*)(?![\w$.])/;

/** The fields a JSDoc comment's `@typedef` declares with its `@property` lines, each at its own line. */
export function defineJsDocFields(comment: Node, facts: FactCollector): void {
  if (!comment.text.startsWith("/**")) return;
  let owner: string | null = null;
  comment.text.split("\n").forEach((line, index) => {
    const typedef = TYPEDEF.exec(line);
    if (typedef || /@(typedef|callback|param|returns?)\b/.test(line)) {
      owner = typedef?.[1] ?? null;
      return;
    }
    const property = owner ? PROPERTY.exec(line) : null;
    if (!owner || !property) return;
    const name = property[1] as string;
    const column = line.indexOf(name, property.index) + (index === 0 ? comment.startPosition.column : 0);
    facts.define(comment, name, owner, "field", line.replace(/^\s*\/?\*+\s?/, "").trim());
    facts.placeDefinition(comment.startPosition.row + index, column);
    facts.markDefinition("documented");
  });
}
