import type { Node } from "web-tree-sitter";

// The names a JavaScript or TypeScript function takes: its parameters, and an options object's destructured keys,
// which callers pass by name as Python's keywords (`dt.toSQLTime({ includeOffsetSpace: false })`).

const PARAMETER_TYPES = new Set([
  "required_parameter",
  "optional_parameter",
  "identifier",
  "assignment_pattern",
  "rest_pattern",
]);

/** A function's parameters by name; an options object's destructured keys are (`toSQLTime({ includeOffset = true } = {})`). */
export function parameterNames(parameters: Node | null): string[] {
  const names: string[] = [];
  for (const p of parameters?.namedChildren ?? []) {
    if (!p || !(PARAMETER_TYPES.has(p.type) || p.type === "object_pattern")) continue;
    const target =
      p.type === "identifier" || p.type === "object_pattern"
        ? p
        : (p.childForFieldName("pattern") ??
          p.childForFieldName("left") ??
          p.namedChildren.find((c) => c?.type === "identifier" || c?.type === "object_pattern"));
    if (target?.type === "identifier") names.push(target.text);
    // (Not a typed one, `heading({ tokens, depth }: Tokens.Heading)`: its keys are that type's fields.)
    if (target?.type === "object_pattern" && !p.childForFieldName("type")) names.push(...destructuredKeys(target));
  }
  return names;
}

/** The keys an object pattern takes: `{ a, b = 1, c: local }` → a, b, c. */
const destructuredKeys = (pattern: Node): string[] =>
  pattern.namedChildren.flatMap((c) => {
    const key =
      c?.type === "shorthand_property_identifier_pattern"
        ? c
        : c?.type === "object_assignment_pattern"
          ? c.childForFieldName("left")
          : c?.type === "pair_pattern"
            ? c.childForFieldName("key")
            : null;
    return key && /^(shorthand_property_identifier_pattern|property_identifier)$/.test(key.type) ? [key.text] : [];
  });
