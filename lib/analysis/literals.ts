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
 * image, outside one) and on a row `visible` accepts, is handed to an assertion, a comparison, a checking call
 * (assertWarnsMessage, assertRaisesMessage, expect…) or `match=`.
 */
function isCheckedThroughName(node: Node, visible: (row: number) => boolean): boolean {
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
        visible(use.startPosition.row) &&
        isCheckingUse(use),
    );
}

/** A binary `+` (PHP's `.`) in any grammar: where a message is built from literals and code. */
const CONCATENATION_TYPES = new Set(["binary_operator", "binary_expression", "binary"]);

const isConcatenation = (node: Node | null): boolean => {
  if (!node || !CONCATENATION_TYPES.has(node.type)) return false;
  const operator = node.childForFieldName("operator")?.text;
  return operator === "+" || operator === ".";
};

/** The outermost `+` chain a literal is an operand of (brackets between count), or null. */
function concatenationOf(node: Node): Node | null {
  let top: Node | null = null;
  for (let up = node.parent; up; up = up.parent) {
    if (isConcatenation(up)) top = up;
    else if (up.type !== "parenthesized_expression" || !isConcatenation(up.parent)) break;
  }
  return top;
}

/** A `+` chain's text: its literal operands' text, every other operand (a call, a name) a hole. */
function concatenationText(node: Node, types: readonly string[]): string {
  if (types.includes(node.type)) return literalText(node);
  if (node.type === "parenthesized_expression" && node.namedChildCount === 1) {
    const inner = node.namedChildren[0];
    if (inner && (isConcatenation(inner) || types.includes(inner.type))) return concatenationText(inner, types);
  }
  if (!isConcatenation(node)) return HOLE;
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  return `${left ? concatenationText(left, types) : ""}${right ? concatenationText(right, types) : ""}`;
}

/** The rows a node stands on. */
const rowsOf = (node: Node) =>
  Array.from({ length: node.endPosition.row - node.startPosition.row + 1 }, (_, i) => node.startPosition.row + i);

/**
 * Every string literal of a parsed image one of whose rows `keep` accepts (a nested one is its outer one's).
 * Literals joined by `+` with code between (`r"\left[" + r", ".join(…) + r"\right]"`, `"No user " + name`)
 * are one template, the code its holes. A literal assigned to a name is checked when the name is checked on
 * a row `visible` accepts (an unchanged `assert latex(s) == latex_str` below a changed assignment).
 */
export function collectLiterals(
  root: Node,
  language: ParsedLanguage,
  keep: (row: number) => boolean,
  visible: (row: number) => boolean = keep,
): SyntaxLiteral[] {
  // The node types that are one string literal in this grammar (a concatenation of several counts as one).
  const types = moduleOfGrammar(language).stringTypes;
  const out: SyntaxLiteral[] = [];
  const chains = new Set<number>();
  // Found natively (one call into the parser's library), not by walking every node from here.
  for (const node of root.descendantsOfType([...types])) {
    if (!node) continue;
    // A string inside a concatenation, or inside another string's interpolation, is part of that one.
    let outer = false;
    for (let up = node.parent; up && !outer; up = up.parent) {
      if (types.includes(up.type)) outer = true;
      else if (STATEMENT_END.test(up.type)) break;
    }
    if (outer) continue;
    const chain = concatenationOf(node);
    if (chain && chains.has(chain.id)) continue;
    const whole = chain ?? node;
    // (Strings joined over several lines count when any of their lines is kept: a test's expected text, the patch
    // changing those below its unchanged first one. One string of several lines, a docstring, by its first.)
    const joined = chain !== null || node.type === "concatenated_string";
    if (!(joined ? rowsOf(whole).some(keep) : keep(whole.startPosition.row))) continue;
    if (chain) chains.add(chain.id);
    out.push({
      text: chain ? concatenationText(chain, types) : literalText(node),
      row: whole.startPosition.row,
      column: whole.startPosition.column,
      checked: isChecked(whole) || isCheckedThroughName(whole, visible),
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
    ? collectLiterals(root, language, (row) => inImage(row) && fragment.rows[row]?.kind === "+", inImage)
    : collectLiterals(root, language, inImage);
}
