"use client";

import { loader, type Monaco } from "@monaco-editor/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { PaneId } from "@/lib/review/pane-layout";
import { type Mark, markColumns } from "@/lib/review/patch-marks";
import { borrowEditor, type EditorOptions, type PooledEditor, returnEditor, swapModel } from "./editor-pool";
import { FoldButton } from "./pane-separator";

// The editor is served by the app itself (copied to public/ on install): no CDN, works offline.
loader.config({ paths: { vs: "/monaco/vs" } });

type MonacoEditor = PooledEditor["editor"];

/** The patch panes' editor options (the label and the wrap are the pane's). */
const editorOptions = (label: string, wrap: boolean): EditorOptions => ({
  readOnly: true,
  domReadOnly: true,
  minimap: { enabled: false },
  wordWrap: wrap ? "on" : "off",
  lineNumbers: "on",
  // The code gets the width: a gutter for 3-digit numbers (it grows for longer patches), no folding.
  lineNumbersMinChars: 3,
  folding: false,
  // The empty line after a text's last newline is no line of the patch: no number (Monaco's
  // default dims it, in a grey below WCAG's contrast, which axe finds whenever it is in view).
  renderFinalNewline: "off",
  scrollBeyondLastLine: false,
  fontSize: 12,
  renderLineHighlight: "none",
  ariaLabel: label,
});

interface Props {
  label: string;
  text: string;
  marks: Mark[];
  /** the line to bring into view (and select), when an identifier is picked */
  reveal: { line: number; column?: number; name: string } | null;
  onPick: (name: string) => void;
  /** wrap long lines instead of scrolling sideways */
  wrap?: boolean;
  /** lines a hint copies (evidence of transcription), highlighted whole with what copies them */
  copied?: ReadonlyArray<{ line: number; hover: string }>;
  /** lines holding a test-facing message (a string the tests check that the gold patch writes) */
  messages?: ReadonlyArray<{ line: number; hover: string }>;
  /** a control beside the title (the gold pane's choice of patch) */
  control?: ReactNode;
  /** lines that comment threads are about: a mark in the gutter, the comments on hover */
  comments?: ReadonlyArray<{ start: number; end: number; hover: string }>;
  /** the lines the curator selects (for a comment on them) */
  onSelectLines?: (start: number, end: number) => void;
  /** the pane this editor fills, folded to a strip or open */
  pane: PaneId;
  folded?: boolean;
  onFold?: (pane: PaneId) => void;
}

/** Room kept right of a revealed name that is off to the right, in pixels. */
const SIDE_MARGIN_PX = 24;

type Decorations = Parameters<MonacoEditor["deltaDecorations"]>[1];
type PatchModel = NonNullable<ReturnType<MonacoEditor["getModel"]>>;

/** A patch's decorations: added, removed and hunk lines, copied and message lines, comments, and the marks. */
function patchDecorations(
  m: Monaco,
  model: PatchModel,
  shown: Required<Pick<Props, "copied" | "messages" | "comments">> & Pick<Props, "marks">,
): Decorations {
  const lines: Decorations = [];
  for (let line = 1; line <= model.getLineCount(); line++) {
    const first = model.getLineContent(line)[0];
    const className = first === "+" ? "patch-add" : first === "-" ? "patch-del" : first === "@" ? "patch-hunk" : null;
    if (className) lines.push({ range: new m.Range(line, 1, line, 1), options: { isWholeLine: true, className } });
  }
  for (const { line, hover } of shown.copied) {
    if (line < 1 || line > model.getLineCount()) continue;
    lines.push({
      range: new m.Range(line, 1, line, 1),
      options: { isWholeLine: true, className: "copied-line", hoverMessage: { value: hover } },
    });
  }
  for (const { line, hover } of shown.messages) {
    if (line < 1 || line > model.getLineCount()) continue;
    lines.push({
      range: new m.Range(line, 1, line, 1),
      options: { isWholeLine: true, className: "message-line", hoverMessage: { value: hover } },
    });
  }
  for (const { start, end, hover } of shown.comments) {
    if (start < 1 || start > model.getLineCount()) continue;
    lines.push({
      range: new m.Range(start, 1, Math.min(end, model.getLineCount()), 1),
      options: { isWholeLine: true, linesDecorationsClassName: "comment-gutter", hoverMessage: { value: hover } },
    });
  }
  for (const mark of shown.marks) {
    if (mark.line < 1 || mark.line > model.getLineCount()) continue;
    const [start, end] = markColumns(model.getLineContent(mark.line), mark.name, mark.column);
    lines.push({
      range: new m.Range(mark.line, start, mark.line, end),
      options: {
        inlineClassName: `ident-${mark.role}${mark.strong ? "" : " ident-other"}`,
        hoverMessage: { value: mark.hover },
        stickiness: 1,
      },
    });
  }
  return lines;
}

/** The pane's own handlers on the borrowed editor (read through refs: always the latest), disposed when it is given back. */
function listenTo(
  ed: MonacoEditor,
  marksRef: { current: Props["marks"] },
  onPickRef: { current: Props["onPick"] },
  onSelectLinesRef: { current: Props["onSelectLines"] },
): Array<{ dispose(): void }> {
  return [
    ed.onMouseDown((event) => {
      const position = event.target.position;
      if (!position) return;
      const hit = marksRef.current.find((mark) => {
        if (mark.line !== position.lineNumber) return false;
        const [start, end] = markColumns(ed.getModel()?.getLineContent(mark.line) ?? "", mark.name, mark.column);
        return position.column >= start && position.column <= end;
      });
      if (hit) onPickRef.current(hit.name);
    }),
    // A selection of one or more lines is what a comment can be about.
    ed.onDidChangeCursorSelection((event) => {
      const { startLineNumber, endLineNumber, endColumn } = event.selection;
      // Only the curator's own selections: a picked identifier's selection (set by the page) is not one.
      if (event.selection.isEmpty() || event.source === "api") return;
      // A selection that ends at the very start of a line stops on the line before it.
      const end = endColumn === 1 && endLineNumber > startLineNumber ? endLineNumber - 1 : endLineNumber;
      onSelectLinesRef.current?.(startLineNumber, end);
    }),
  ];
}

/**
 * A read-only patch in Monaco: added and removed lines coloured, identifiers highlighted, hover and click.
 * The editor is borrowed from the page's pool (./editor-pool.ts) and given back when the pane goes: moving
 * to the next instance swaps the text model, not the editor.
 */
export function PatchEditor({
  label,
  text,
  marks,
  reveal,
  onPick,
  wrap = false,
  copied = [],
  messages = [],
  control,
  comments = [],
  onSelectLines,
  pane,
  folded = false,
  onFold,
}: Props) {
  const editor = useRef<MonacoEditor | null>(null);
  const monaco = useRef<Monaco | null>(null);
  const decorations = useRef<string[]>([]);
  const marksRef = useRef(marks);
  marksRef.current = marks;
  const copiedRef = useRef(copied);
  copiedRef.current = copied;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const commentsRef = useRef(comments);
  commentsRef.current = comments;
  const onSelectLinesRef = useRef(onSelectLines);
  onSelectLinesRef.current = onSelectLines;

  const decorate = () => {
    const ed = editor.current;
    const m = monaco.current;
    const model = ed?.getModel();
    if (!ed || !m || !model) return;
    const lines = patchDecorations(m, model, {
      copied: copiedRef.current,
      messages: messagesRef.current,
      comments: commentsRef.current,
      marks: marksRef.current,
    });
    decorations.current = ed.deltaDecorations(decorations.current, lines);
  };

  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const host = useRef<HTMLDivElement | null>(null);
  const [ready, setReady] = useState(false);
  const optionsRef = useRef(editorOptions(label, wrap));
  optionsRef.current = editorOptions(label, wrap);
  const textRef = useRef(text);
  textRef.current = text;
  /** the text the editor's model holds */
  const shownText = useRef<string | null>(null);

  // Borrow an editor once Monaco is loaded (the first pane loads it; every later one finds it loaded), and give
  // it back when the pane goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pane borrows once; text, options and handlers are read through refs
  useEffect(() => {
    let gone = false;
    let lent: { entry: PooledEditor; m: Monaco; subscriptions: Array<{ dispose(): void }> } | null = null;
    loader
      .init()
      .then((m) => {
        if (gone || !host.current) return;
        const entry = borrowEditor(m, pane, host.current, textRef.current, optionsRef.current);
        shownText.current = textRef.current;
        editor.current = entry.editor;
        monaco.current = m;
        decorations.current = [];
        lent = { entry, m, subscriptions: listenTo(entry.editor, marksRef, onPickRef, onSelectLinesRef) };
        decorate();
        applyReveal();
        setReady(true);
      })
      .catch((error: unknown) => {
        if ((error as { type?: string } | null)?.type !== "cancelation") console.error("Monaco did not load:", error);
      });
    return () => {
      gone = true;
      if (!lent) return;
      for (const s of lent.subscriptions) s.dispose();
      editor.current = null;
      decorations.current = [];
      returnEditor(lent.m, lent.entry);
    };
  }, []);

  // Another text in the same pane (another patch chosen, or the next instance in this pane): a new model.
  // biome-ignore lint/correctness/useExhaustiveDependencies: decorate and applyReveal read the latest state through refs
  useEffect(() => {
    const ed = editor.current;
    const m = monaco.current;
    if (!ed || !m || shownText.current === text) return;
    swapModel(m, ed, text);
    shownText.current = text;
    decorations.current = [];
    decorate();
    applyReveal();
  }, [text]);

  useEffect(() => {
    editor.current?.updateOptions({ wordWrap: wrap ? "on" : "off", ariaLabel: label });
  }, [wrap, label]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: decorate reads the latest marks through a ref
  useEffect(decorate, [marks, copied, messages, comments]);

  const revealRef = useRef(reveal);
  revealRef.current = reveal;
  // Also called once the editor mounts: a pick made while Monaco was still loading is not lost.
  const applyReveal = () => {
    const ed = editor.current;
    const target = revealRef.current;
    if (!ed || !target) return;
    const [start, end] = markColumns(ed.getModel()?.getLineContent(target.line) ?? "", target.name, target.column);
    ed.setSelection({ startLineNumber: target.line, startColumn: start, endLineNumber: target.line, endColumn: end });
    ed.revealLineInCenter(target.line);
    // Sideways, the pane scrolls only as far as the name needs: where it fits, the lines start at their first
    // column (a selection's reveal would otherwise leave every line's first characters cut off).
    const right = ed.getOffsetForColumn(target.line, end);
    const width = ed.getLayoutInfo().contentWidth;
    ed.setScrollLeft(right > 0 && right + SIDE_MARGIN_PX > width ? right + SIDE_MARGIN_PX - width : 0);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: applyReveal reads the latest target through a ref
  useEffect(applyReveal, [reveal]);

  return (
    <section className={`pane${folded ? " folded" : ""}`} aria-label={label}>
      <div className="pane-head">
        <h2>{label}</h2>
        {control}
        {onFold && <FoldButton pane={pane} folded={folded} onFold={onFold} />}
      </div>
      <div className="editor" data-testid={`${label} editor`}>
        {!ready && <p className="muted">Loading the editor…</p>}
        <div ref={host} className="editor-host" hidden={!ready} style={{ width: "100%", height: "100%" }} />
      </div>
    </section>
  );
}
