import type { Element, ElementContent, Root, Text } from "hast";

/** A name to mark in the issue: DefUse's strongly, the other selections' lightly; `hover` is its kind and signature. */
export interface IssueName {
  name: string;
  strong: boolean;
  hover: string;
}

/**
 * Every identifier a selection picks, as the issue marks it. The other selections' names are marked too (as
 * `ident-other`): the page shows them as marks only while the curator asks for them ("show others").
 */
export const issueNames = (
  identifiers: ReadonlyArray<{ name: string; kind: string; signature: string | null; policies: readonly string[] }>,
): IssueName[] =>
  identifiers
    .filter((i) => i.policies.length > 0)
    .map((i) => ({
      name: i.name,
      strong: i.policies.includes("defuse"),
      hover: `${i.name} (${i.kind})${i.signature ? `: ${i.signature}` : ""}`,
    }));

/** How much of an issue is rendered as Markdown at once (characters). */
export const MARKDOWN_BUDGET = 64 * 1024;

/**
 * The part of an issue rendered as Markdown: all of it within the budget, else its first part cut at a line's
 * end. Markdown costs more than its size: a 5 MB log pasted into an issue once held the server for minutes.
 */
export function issueHead(text: string): string {
  if (text.length <= MARKDOWN_BUDGET) return text;
  const cut = text.lastIndexOf("\n", MARKDOWN_BUDGET);
  return text.slice(0, cut > MARKDOWN_BUDGET / 2 ? cut : MARKDOWN_BUDGET);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A rehype step that wraps each occurrence of the given names in the issue text in a <mark>. */
export function highlightNames(names: readonly IssueName[]) {
  const members = names
    .map((n) => ({ ...n, member: n.name.split(".").pop() ?? n.name }))
    .filter((n) => n.member.length > 2);
  if (members.length === 0) return () => {};
  const pattern = new RegExp(`\\b(${members.map((n) => escapeRegExp(n.member)).join("|")})\\b`, "g");
  const split = (node: Text): ElementContent[] => {
    const out: ElementContent[] = [];
    let last = 0;
    for (const match of node.value.matchAll(pattern)) {
      const index = match.index ?? 0;
      if (index > last) out.push({ type: "text", value: node.value.slice(last, index) });
      // A strong name wins where a member's name is both (two identifiers of one name).
      const found =
        members.find((n) => n.member === match[0] && n.strong) ?? members.find((n) => n.member === match[0]);
      out.push({
        type: "element",
        tagName: "mark",
        properties: {
          className: [found?.strong ? "ident-def" : "ident-other"],
          dataName: found?.name ?? match[0],
          title: found?.hover ?? "",
        },
        children: [{ type: "text", value: match[0] }],
      });
      last = index + match[0].length;
    }
    if (last < node.value.length) out.push({ type: "text", value: node.value.slice(last) });
    return out;
  };
  const walk = (node: Root | Element): void => {
    const children: Array<Root["children"][number]> = [];
    for (const child of node.children) {
      if (child.type === "text") children.push(...split(child));
      else {
        if (child.type === "element") walk(child);
        children.push(child);
      }
    }
    node.children = children as typeof node.children;
  };
  return () => (tree: Root) => walk(tree);
}
