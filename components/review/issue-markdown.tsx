"use client";

import type { Element, ElementContent, Root, Text } from "hast";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

interface Props {
  text: string;
  /** names to highlight: DefUse's strongly, the others lightly; `hover` is their kind and signature */
  names: Array<{ name: string; strong: boolean; hover: string }>;
  onPick: (name: string) => void;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A rehype step that wraps each occurrence of the given names in the issue text in a <mark>. */
function highlightNames(names: Props["names"]) {
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
      const found = members.find((n) => n.member === match[0]);
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

// The issue's own headings sit under the page's: its # is the pane's third level.
const SHIFTED_HEADINGS = { h1: "h3", h2: "h4", h3: "h5", h4: "h6", h5: "h6" } as const;

/**
 * The issue as Markdown. Raw HTML in it is shown as text, never rendered, so a `<script>` or an
 * `onerror=` image pasted into an issue stays inert; links keep only safe schemes.
 */
export function IssueMarkdown({ text, names, onPick }: Props) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: highlighted names are also reachable from the hint panel's buttons
    // biome-ignore lint/a11y/noStaticElementInteractions: the click only forwards a pick of a highlighted name
    <div
      className="markdown"
      onClick={(event) => {
        const mark = (event.target as HTMLElement).closest("mark[data-name]");
        if (mark) onPick(mark.getAttribute("data-name") ?? "");
      }}
    >
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[highlightNames(names)]} components={SHIFTED_HEADINGS}>
        {text}
      </Markdown>
    </div>
  );
}
