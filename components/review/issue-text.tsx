import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { highlightNames, type IssueName, issueHead } from "@/lib/review/issue-marks";

// The issue's own headings sit under the page's: its # is the pane's third level.
const SHIFTED_HEADINGS = { h1: "h3", h2: "h4", h3: "h5", h4: "h6", h5: "h6" } as const;

/**
 * The issue as Markdown, rendered on the server only (no Markdown parser in the browser, nothing of it
 * hydrated): its names marked, the first part within the budget. Raw HTML in it is shown as text, never
 * rendered, so a `<script>` or an `onerror=` image pasted into an issue stays inert; links keep only safe
 * schemes. The pane around it (./issue-markdown.tsx) takes the clicks on its names.
 */
export function IssueText({ text, names }: { text: string; names: readonly IssueName[] }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[highlightNames(names)]} components={SHIFTED_HEADINGS}>
      {issueHead(text)}
    </Markdown>
  );
}
