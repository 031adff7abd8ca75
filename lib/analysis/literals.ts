import type { Node } from "web-tree-sitter";
import type { Fragment } from "./fragments";
import type { ParsedLanguage } from "./grammars";
import { moduleOfGrammar } from "./languages/lookup";
import type { Location } from "./locations";

/*
 * String literals of a patch, read from the syntax tree (never by regular expressions over lines): the
 * messages a test asserts and the code under test must produce. A literal keeps its text without quotes, its
 * interpolations (f-strings, template strings, `#{}`) as holes, and whether a test checks it (in an
 * assertion, a comparison, or passed to a call; or assigned to a name the test then hands to an assertion).
 */

/** Children of a string that are interpolated code, not text. */
const HOLE_TYPES = new Set([
  "interpolation",
  "template_substitution",
  "variable_name",
  "simple_variable",
  "dynamic_variable_name",
]);

/** Where a literal stands that a test checks or hands to the code: a call, an assertion, a comparison. */
const CHECKED_CONTEXT = new Set([
  "call",
  "call_expression",
  "method_invocation",
  "object_creation_expression",
  "macro_invocation",
  "new_expression",
  "assert_statement",
  "comparison_operator",
  "binary_expression",
  "binary",
  "argument_list",
  "arguments",
  "function_call_expression",
  "member_call_expression",
  "scoped_call_expression",
  "keyword_argument",
]);

/** Where the walk up from a literal stops: the statement it belongs to. */
const STATEMENT_END =
  /(_statement|_declaration|_definition|^block$|^program$|^module$|^source_file$|^translation_unit$)/;

/** The marker a hole (an interpolation) leaves in a literal's text. */
export const HOLE = "\u0000";

export interface SyntaxLiteral {
  /** the text between the quotes, interpolations as HOLE */
  text: string;
  row: number;
  column: number;
  /** a test checks it or passes it on (see CHECKED_CONTEXT), itself or through the name it is assigned to */
  checked: boolean;
}

export interface PatchLiteral extends Omit<SyntaxLiteral, "row" | "column"> {
  location: Location;
}

/** A literal's text without its quotes and prefixes (f"", r#""#, @"", b'', `…`, """…"""). */
function unquoted(text: string): string {
  const open = /^[A-Za-z@$]{0,3}(#*)("""|'''|"|'|`)/.exec(text);
  if (!open) return text;
  const close = `${open[2]}${open[1]}`;
  return text.endsWith(close) && text.length >= open[0].length + close.length
    ? text.slice(open[0].length, text.length - close.length)
    : text.slice(open[0].length);
}

/** One literal node's text, its holes marked. */
function literalText(node: Node): string {
  if (node.type === "concatenated_string")
    return node.namedChildren
      .filter((c): c is Node => c !== null && c.type !== "comment")
      .map(literalText)
      .join("");
  let text = node.text;
  const start = node.startIndex;
  // Holes replaced from the last, so earlier offsets stay right.
  const holes = node.namedChildren.filter((c): c is Node => c !== null && HOLE_TYPES.has(c.type)).reverse();
  for (const hole of holes)
    text = `${text.slice(0, hole.startIndex - start)}${HOLE}${text.slice(hole.endIndex - start)}`;
  return unquoted(text);
}

function isChecked(node: Node): boolean {
  for (let up = node.parent; up; up = up.parent) {
    if (CHECKED_CONTEXT.has(up.type)) return true;
    if (STATEMENT_END.test(up.type)) return up.type === "assert_statement";
  }
  return false;
}

/** Assignments of one value to one name: `msg = "…"`, `const msg = "…"`, `String msg = "…";`, `msg := "…"`. */
const ASSIGNMENT_TYPES = new Set([
  "assignment",
  "assignment_expression",
  "variable_declarator",
  "short_var_declaration",
  "let_declaration",
]);

/** Between a literal and the assignment that names it: brackets only (`msg = ('…' '…')`). */
const WRAPPER_TYPES = new Set(["parenthesized_expression", "expression_list"]);

/** A call that checks what it is handed: an assertion, a message check, a raises/warns context, a matcher. */
const CHECK_CALL = /(^|[.:>])(assert\w*|\w*Message\w*|raises|warns|expect\w*|to[A-Z]\w*|fail\w*)$/;

/** The name a literal is assigned to (the whole value of a one-name assignment), with the assignment. */
function assignedName(node: Node): { name: string; assignment: Node } | null {
  let up = node.parent;
  while (up && WRAPPER_TYPES.has(up.type) && up.namedChildCount === 1) up = up.parent;
  if (!up || !ASSIGNMENT_TYPES.has(up.type)) return null;
  const target = up.childForFieldName("left") ?? up.childForFieldName("name") ?? up.childForFieldName("pattern");
  if (target?.type !== "identifier") return null;
  return { name: target.text, assignment: up };
}

/** Whether a use of a name stands where a test checks it: an assertion, a comparison, a checking call, `match=`. */
function isCheckingUse(use: Node): boolean {
  for (let up = use.parent; up; up = up.parent) {
    if (up.type === "keyword_argument" && up.childForFieldName("name")?.text === "match") return true;
    if (up.type === "assert_statement" || up.type === "comparison_operator") return true;
    if (up.type === "argument_list" || up.type === "arguments") {
      const callee = up.parent?.childForFieldName("function") ?? up.parent?.childForFieldName("name");
      return callee !== null && callee !== undefined && CHECK_CALL.test(callee.text);
    }
    if (STATEMENT_END.test(up.type)) return false;
  }
  return false;
}

/**
 * Whether a literal assigned to a name is checked through it: the name, later in the same function (or the
 * image, outside one) and on a row `keep` accepts, is handed to an assertion, a comparison, a checking call
 * (assertWarnsMessage, assertRaisesMessage, expect…) or `match=`.
 */
function isCheckedThroughName(node: Node, keep: (row: number) => boolean): boolean {
  const assigned = assignedName(node);
  if (!assigned) return false;
  let scope: Node | null = assigned.assignment.parent;
  while (scope?.parent && !/function|method|lambda|closure/.test(scope.type)) scope = scope.parent;
  if (!scope) return false;
  const after = assigned.assignment.endIndex;
  return scope
    .descendantsOfType("identifier")
    .some(
      (use) =>
        use !== null &&
        use.startIndex >= after &&
        use.text === assigned.name &&
        keep(use.startPosition.row) &&
        isCheckingUse(use),
    );
}

/** Every string literal of a parsed image whose first row `keep` accepts (a nested one is its outer one's). */
export function collectLiterals(root: Node, language: ParsedLanguage, keep: (row: number) => boolean): SyntaxLiteral[] {
  // The node types that are one string literal in this grammar (a concatenation of several counts as one).
  const types = moduleOfGrammar(language).stringTypes;
  const out: SyntaxLiteral[] = [];
  // Found natively (one call into the parser's library), not by walking every node from here.
  for (const node of root.descendantsOfType([...types])) {
    if (!node || !keep(node.startPosition.row)) continue;
    // A string inside a concatenation, or inside another string's interpolation, is part of that one.
    let outer = false;
    for (let up = node.parent; up && !outer; up = up.parent) {
      if (types.includes(up.type)) outer = true;
      else if (STATEMENT_END.test(up.type)) break;
    }
    if (outer) continue;
    out.push({
      text: literalText(node),
      row: node.startPosition.row,
      column: node.startPosition.column,
      checked: isChecked(node) || isCheckedThroughName(node, keep),
    });
  }
  return out;
}

/** The literals of an image that stand on the rows the patch adds (post) or shows before it (pre). */
export function fragmentLiterals(root: Node, language: ParsedLanguage, fragment: Fragment): SyntaxLiteral[] {
  const first = fragment.addedRows?.before ?? 0;
  const last = fragment.rows.length - (fragment.addedRows?.after ?? 0);
  const inImage = (row: number) => row >= first && row < last;
  return fragment.side === "post"
    ? collectLiterals(root, language, (row) => inImage(row) && fragment.rows[row]?.kind === "+")
    : collectLiterals(root, language, inImage);
}
