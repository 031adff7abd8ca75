"use client";

import type { Element, ElementContent, Root, Text } from "hast";
import { useState } from "react";
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

/** How much of an issue is rendered as Markdown at once (characters). */
export const MARKDOWN_BUDGET = 64 * 1024;

const kib = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/markdown" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "issue.md";
  link.click();
  URL.revokeObjectURL(url);
}

// The issue's own headings sit under the page's: its # is the pane's third level.
const SHIFTED_HEADINGS = { h1: "h3", h2: "h4", h3: "h5", h4: "h6", h5: "h6" } as const;

/**
 * The issue as Markdown. Raw HTML in it is shown as text, never rendered, so a `<script>` or an
 * `onerror=` image pasted into an issue stays inert; links keep only safe schemes.
 */
export function IssueMarkdown({ text, names, onPick }: Props) {
  const [whole, setWhole] = useState(false);
  // Markdown costs more than its size: beyond the budget only the first part is rendered (on the server
  // too), and the whole text is there as plain text or a download. A 5 MB log pasted into an issue once
  // held the server for minutes.
  if (text.length > MARKDOWN_BUDGET && !whole) {
    const cut = text.lastIndexOf("\n", MARKDOWN_BUDGET);
    const head = text.slice(0, cut > MARKDOWN_BUDGET / 2 ? cut : MARKDOWN_BUDGET);
    return (
      <>
        <IssueMarkdown text={head} names={names} onPick={onPick} />
        <p className="muted" role="note">
          Showing the first {kib(head.length)} of {kib(text.length)}.{" "}
          <button type="button" onClick={() => setWhole(true)}>
            Show all (as plain text)
          </button>{" "}
          <button type="button" onClick={() => download(text)}>
            Download raw
          </button>
        </p>
      </>
    );
  }
  if (whole) return <pre className="text issue-raw">{text}</pre>;
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
