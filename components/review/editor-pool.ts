import type { Monaco } from "@monaco-editor/react";

type StandaloneEditor = ReturnType<Monaco["editor"]["create"]>;
export type EditorOptions = NonNullable<Parameters<Monaco["editor"]["create"]>[1]>;

/** A Monaco editor kept for the page's whole life, lent to one patch pane at a time. */
export interface PooledEditor {
  editor: StandaloneEditor;
  /** the editor's own element: moved into the pane that borrows it, out of the document when given back */
  node: HTMLDivElement;
  /** the pane it last served (a pane gets its own editor back: its view state stays its own) */
  pane: string;
  busy: boolean;
}

/**
 * The patch panes' editors, kept across instances: moving from one instance to the next (`j`/`k`, a link)
 * lends the next page's panes the editors the last page gave back, and only the text model is new. A model is
 * disposed when its pane lets it go, so memory stays flat however many instances a curator walks.
 */
const pool: PooledEditor[] = [];
let created = 0;
let themed = false;

/**
 * Editors created and models alive, on the document's root for tests and benches (`data-monaco-editors`,
 * `data-monaco-models`): across instances the first stays at the panes' count, the second at most that.
 */
function report(monaco: Monaco) {
  const root = document.documentElement;
  root.dataset.monacoEditors = String(created);
  root.dataset.monacoModels = String(monaco.editor.getModels().length);
}

/** Monaco's theme is global: it follows the page's light/dark choice (else the system's), set up once. */
function followTheme(monaco: Monaco) {
  if (themed) return;
  themed = true;
  const html = document.documentElement;
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const dark = () => html.dataset.theme === "dark" || (html.dataset.theme !== "light" && system.matches);
  const follow = () => monaco.editor.setTheme(dark() ? "vs-dark" : "vs");
  follow();
  new MutationObserver(follow).observe(html, { attributes: true, attributeFilter: ["data-theme"] });
  system.addEventListener("change", follow);
}

/**
 * An editor for `pane`, placed in `host` and showing `text` in a model of its own: the one this pane gave back
 * last if it is free, else any free one, else a new one.
 */
export function borrowEditor(
  monaco: Monaco,
  pane: string,
  host: HTMLElement,
  text: string,
  options: EditorOptions,
): PooledEditor {
  let entry = pool.find((e) => !e.busy && e.pane === pane) ?? pool.find((e) => !e.busy);
  if (entry) {
    host.appendChild(entry.node);
    entry.editor.updateOptions(options);
  } else {
    const node = document.createElement("div");
    node.className = "pooled-editor";
    node.style.width = "100%";
    node.style.height = "100%";
    host.appendChild(node);
    const editor = monaco.editor.create(node, { ...options, model: null, automaticLayout: true });
    created += 1;
    entry = { editor, node, pane, busy: false };
    pool.push(entry);
    followTheme(monaco);
  }
  entry.busy = true;
  entry.pane = pane;
  entry.editor.setModel(monaco.editor.createModel(text, "plaintext"));
  entry.editor.setScrollPosition({ scrollTop: 0, scrollLeft: 0 });
  entry.editor.layout();
  report(monaco);
  return entry;
}

/** Shows `text` in a new model of the borrowed editor, the old model disposed. */
export function swapModel(monaco: Monaco, editor: StandaloneEditor, text: string) {
  const old = editor.getModel();
  editor.setModel(monaco.editor.createModel(text, "plaintext"));
  editor.setScrollPosition({ scrollTop: 0, scrollLeft: 0 });
  old?.dispose();
  report(monaco);
}

/** The pane lets its editor go: its model disposed, its element out of the document, free for the next pane. */
export function returnEditor(monaco: Monaco, entry: PooledEditor) {
  const model = entry.editor.getModel();
  entry.editor.setModel(null);
  model?.dispose();
  entry.node.remove();
  entry.busy = false;
  report(monaco);
}
