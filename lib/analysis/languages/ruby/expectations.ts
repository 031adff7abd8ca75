// RSpec's and Mocha's message expectations: the symbols that name an object's methods.
import type { Node } from "web-tree-sitter";

/** RSpec's message expectations, whose symbol names the method expected (`expect(x).to receive(:save)`). */
export const MESSAGE_EXPECTATIONS = new Set(["receive", "have_received"]);
/** RSpec's older syntax and Mocha's, sent to the object itself (`@response.should_receive(:check_max_redirects)`). */
export const OWN_EXPECTATIONS = new Set(["should_receive", "should_not_receive", "stub", "stub!", "expects", "stubs"]);
/** What RSpec's `allow(x)`, `expect(x)` (any instance of a class, `allow_any_instance_of(A)`) set expectations on. */
const TARGETS = new Set(["allow", "expect", "allow_any_instance_of", "expect_any_instance_of"]);
const MATCHES = new Set(["to", "not_to", "to_not"]);

/**
 * The object whose method a `receive(:name)` names: `columns` in `allow(columns).to receive(:expand)`, also down
 * a chain (`… receive(:fetch).and_return(1)`) or a compound (`receive(:a).and receive(:b)`); null for none.
 */
export function expectationTarget(expectation: Node): string | null {
  let node: Node | null = expectation;
  while (node?.parent && (node.parent.type === "argument_list" || node.parent.type === "call")) {
    node = node.parent;
    if (node.type !== "call" || !MATCHES.has(node.childForFieldName("method")?.text ?? "")) continue;
    const target = node.childForFieldName("receiver");
    const made = target?.type === "call" ? target.childForFieldName("method")?.text : undefined;
    if (!target || !made || !TARGETS.has(made) || target.childForFieldName("receiver")) return null;
    const first = target.childForFieldName("arguments")?.namedChildren[0];
    return first ? first.text.replace(/\s*::\s*/g, ".") : null;
  }
  return null;
}
