// DefUse against hand labels, beyond the names (companion of defuse-labels.ts, same label formats): precision,
// recall and F1 by qualified name (a name's last two dotted segments, a file its path) and by bare name (the last
// segment), then, for every name both the tool and the label select, whether owner, kind, path, new-file flag and
// signature agree (a name stated at two files, a C or C++ header and its source, at the file the label names).
// Lists every disagreement with its class: missing, extra, owner, kind, path, new-file, signature.
//
//   npx tsx lib/bench/defuse-label-attributes.ts [labels.json | labels-folder] [records.jsonl …]
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { analyzeInstance } from "../analysis/analyze-instance";
import type { InstanceIdentifier } from "../analysis/select-identifiers";
import { LABEL_CONSTRUCTORS, labelKey, readLabels, readPatches } from "./defuse-labels";

interface LabelEntry {
  name: string;
  kind: string;
  path?: string;
  new_file?: boolean;
  signature?: string | null;
}

export const bareKey = (name: string, kind?: string): string =>
  kind === "file" || name.includes("/") ? name : (name.split(".").pop() ?? name);

/** The owner a label's qualified name states: every segment but the last (null for a top-level name or a file). */
export function labelOwner(entry: LabelEntry): string | null {
  if (entry.kind === "file" || entry.name.includes("/")) return null;
  const parts = entry.name.replace(/::/g, ".").split(".");
  return parts.length > 1 ? parts.slice(0, -1).join(".") : null;
}

// A signature as the hint states it (SPEC §5: `get_best_parsable_locale(module, preferences=None)`) or as a
// labeller copies the declaration line: a leading `export`, `const`, `def` or `function` keyword is the line's, not the
// signature's (an `async` is the signature's), and so is a trailing `;` (`min(…): this;` in an interface), `{` or
// Python's `:`; spaces around a C pointer's `*` or a reference's `&` say nothing.
const squash = (s: string | null | undefined) =>
  (s ?? "")
    .replace(/\s+/g, " ")
    .replace(/\s*([(),:<>[\]*&])\s*/g, "$1")
    .replace(/^(export (default )?)?((const|let|var) )?(async )?(def |function )?/, (...m) => m[5] ?? "")
    .replace(/\s*[;{:]\s*$/, "")
    .trim();

const CALLABLE_KINDS = new Set(["function", "method", "constructor"]);

/**
 * Kinds a labeller and the tool name alike: a struct is a type (Go's `type Options struct`, C's `typedef struct`) and,
 * in C++ and Rust, a class; a TypeScript interface's or a Ruby `attr_reader`'s member is a property or a field; a
 * module-level `const` binding a constant or a variable, an enum's value a constant; a function-like macro a function,
 * an object-like one (`#define STBI_WINDOWS_UTF8`) a constant.
 */
const KIND_FAMILIES = [
  new Set(["struct", "type", "class"]),
  new Set(["field", "property"]),
  new Set(["constant", "variable", "enum_value"]),
  new Set(["macro", "function"]),
  new Set(["macro", "constant"]),
];

export const kindsAgree = (label: string, tool: string) =>
  label === tool ||
  KIND_FAMILIES.some(
    (family) =>
      family.has(label) && family.has(tool) && (label === "struct" || tool === "struct" || !family.has("struct")),
  );

/** Whether a label's signature is measured: SPEC §3 states one for callables only (a label's line for a class, a type or a constant is a note). */
export const signatureCounts = (label: LabelEntry, toolKind: string) =>
  Boolean(label.signature) && (CALLABLE_KINDS.has(label.kind) || CALLABLE_KINDS.has(toolKind));

/**
 * Whether a label's signature is the tool's: one declaration each, or overloads (the tool states them one per line,
 * a labeller joins them with `; `) of which the tool states each the label does (a labeller often copies only the
 * first of an overloaded function's), a trailing comma of a `where` clause aside.
 */
export function signaturesAgree(label: string, tool: string | null | undefined): boolean {
  const forms = (text: string, separator: RegExp) =>
    new Set(
      text
        .split(separator)
        .map((part) => squash(part).replace(/,$/, ""))
        .filter(Boolean),
    );
  // (A `; ` inside brackets is a declaration's own, Rust's `[usize; N]`; outside them it joins a labeller's overloads.)
  const a = forms(declarationOnly(label), /(?:;\s+|\n)(?![^[(<]*[\])>])/);
  const b = forms(tool ?? "", /\n/);
  // (The tool's declaration whole, a labeller's copy without its `where` clause or its annotations: one declaration.)
  const bare = new Set(
    [...b].map((form) => form.replace(/([)>\w]) ?where .*$/, "$1").replace(/^(@[\w.]+(\([^)]*\))? )+/, "")),
  );
  return a.size > 0 && a.size <= b.size && [...a].every((form) => b.has(form) || bare.has(form));
}

/**
 * A labeller's line as the declaration it copies: without a one-line body (`void erase_fast(iterator pos) { return
 * m_ht.erase_fast(pos); }`), a macro's replacement (`#define NAMEOF_ENUM_OR(...) ::nameof::nameof_enum_or(…)`) or an
 * assignment's target (`Multer.prototype.none = function ()` is `none()`).
 */
const declarationOnly = (label: string) =>
  label
    .replace(/^(#define\s+\w+\([^)]*\))\s.*$/s, "$1")
    .replace(/^(?:[\w$]+\.)+([\w$]+)\s*=\s*function\b\s*[\w$]*\s*\(/, "$1(")
    .replace(/(\)(?:\s*(?:const|noexcept|override))*)\s*\{.*\}\s*$/s, "$1");

/** The owner as a label writes it, from a tool identifier: its owner, else the qualified name's prefix. */
function toolOwner(i: InstanceIdentifier): string | null {
  if (i.kind === "file") return null;
  if (i.owner) return i.owner;
  const parts = i.name.split(".");
  return parts.length > 1 ? parts.slice(0, -1).join(".") : null;
}

/** Owners agree when one is the other's tail (a label may write `Gson.FutureTypeAdapter`, a tool `FutureTypeAdapter`). */
const ownersAgree = (x: string | null, y: string | null) => {
  // (A constructor's keyword is its class's, however spelt: `FloatConverter.__init__` is `FloatConverter`, `Cell.__construct` `Cell`.)
  const [a, b] = [x, y].map((o) => o?.replace(new RegExp(`\\.${LABEL_CONSTRUCTORS}$`), "") ?? null);
  return a === b || (a != null && b != null && (a.endsWith(`.${b}`) || b.endsWith(`.${a}`)));
};

interface Counts {
  hits: number;
  picked: number;
  expected: number;
}
const prf = (c: Counts) => {
  const p = c.picked === 0 ? 1 : c.hits / c.picked;
  const r = c.expected === 0 ? 1 : c.hits / c.expected;
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
};

async function main() {
  const labelsPath = path.resolve(process.argv[2] ?? "../shared/data/labels/defuse-dev/labels.json");
  let records = process.argv.slice(3).map((f) => path.resolve(f));
  if (records.length === 0) {
    const dir = statSync(labelsPath).isDirectory() ? labelsPath : path.dirname(labelsPath);
    const shared = path.resolve("../shared/data/instances");
    records = [
      ...readdirSync(dir)
        .filter((f) => /^records.*\.jsonl$/.test(f))
        .map((f) => path.join(dir, f)),
      ...(existsSync(shared) ? readdirSync(shared).map((f) => path.join(shared, f)) : []),
    ];
  }
  const labels = readLabels(labelsPath);
  const patches = await readPatches(records);
  const qualified: Counts = { hits: 0, picked: 0, expected: 0 };
  const bare: Counts = { hits: 0, picked: 0, expected: 0 };
  const agree: Record<"owner" | "kind" | "path" | "newFile" | "signature", { ok: number; n: number }> = {
    owner: { ok: 0, n: 0 },
    kind: { ok: 0, n: 0 },
    path: { ok: 0, n: 0 },
    newFile: { ok: 0, n: 0 },
    signature: { ok: 0, n: 0 },
  };
  const disagreements: string[] = [];
  const picks: string[] = [];
  for (const label of labels) {
    const patch = patches.get(label.instance_id);
    if (!patch) throw new Error(`labels: ${label.instance_id} is in no records file (${records.join(", ")})`);
    const analysis = await analyzeInstance({ instanceId: label.instance_id, ...patch });
    const id = label.instance_id.replace(/^instance_/, "").slice(0, 40);
    const entries = label.defuse as LabelEntry[];
    const ambiguousQ = new Set((label.ambiguous ?? []).map((a) => labelKey(a.name)));
    const ambiguousB = new Set((label.ambiguous ?? []).map((a) => bareKey(a.name)));
    const selected = analysis.identifiers.filter((i) => i.policies.includes("defuse"));
    for (const i of selected)
      picks.push(
        `${id}: ${i.kind} ${i.kind === "file" ? i.path : i.name} owner=${i.owner ?? "-"} path=${i.path}${i.newFile ? " [new file]" : ""} sig=${i.signature ?? "-"} (${i.status}, ${i.side})`,
      );
    const keyOf = (i: InstanceIdentifier, key: (n: string, k?: string) => string) =>
      key(i.kind === "file" ? i.path : i.name, i.kind);
    // qualified
    const expectedQ = new Map(entries.map((e) => [labelKey(e.name, e.kind), e]));
    const pickedQ = new Map<string, InstanceIdentifier>();
    for (const i of selected) {
      const k = keyOf(i, labelKey);
      if (ambiguousQ.has(k) && !expectedQ.has(k)) continue;
      if (!pickedQ.has(k)) pickedQ.set(k, i);
    }
    qualified.picked += pickedQ.size;
    qualified.expected += expectedQ.size;
    for (const [k, first] of pickedQ) {
      const e = expectedQ.get(k);
      if (!e) {
        disagreements.push(`${id}: extra ${k} (${first.kind}, ${first.path})`);
        continue;
      }
      // (A name the tool states at two files, a C++ header's declaration and its source's definition, is compared
      // at the one the label names, if either.)
      const i = selected.find((s) => keyOf(s, labelKey) === k && s.path === e.path) ?? first;
      qualified.hits++;
      const checks: Array<[keyof typeof agree, boolean, string]> = [
        ["owner", ownersAgree(labelOwner(e), toolOwner(i)), `${labelOwner(e)} vs ${toolOwner(i)}`],
        ["kind", kindsAgree(e.kind, i.kind), `${e.kind} vs ${i.kind}`],
        ["path", !e.path || e.path === i.path, `${e.path} vs ${i.path}`],
        ["newFile", e.new_file === undefined || e.new_file === i.newFile, `${e.new_file} vs ${i.newFile}`],
      ];
      if (signatureCounts(e, i.kind))
        checks.push(["signature", signaturesAgree(e.signature ?? "", i.signature), `${e.signature} vs ${i.signature}`]);
      for (const [attr, ok, detail] of checks) {
        agree[attr].n++;
        if (ok) agree[attr].ok++;
        else disagreements.push(`${id}: ${attr} of ${k}: label ${detail}`);
      }
    }
    for (const [k] of expectedQ) if (!pickedQ.has(k)) disagreements.push(`${id}: missing ${k}`);
    // bare
    const expectedB = new Set(entries.map((e) => bareKey(e.name, e.kind)));
    const pickedB = new Set(
      selected.map((i) => keyOf(i, bareKey)).filter((k) => !(ambiguousB.has(k) && !expectedB.has(k))),
    );
    bare.picked += pickedB.size;
    bare.expected += expectedB.size;
    for (const k of pickedB) if (expectedB.has(k)) bare.hits++;
  }
  const line = (title: string, c: Counts) => {
    const { p, r, f1 } = prf(c);
    return `${title.padEnd(10)} picked ${c.picked}, expected ${c.expected}, hits ${c.hits}: precision ${p.toFixed(2)}, recall ${r.toFixed(2)}, F1 ${f1.toFixed(2)}`;
  };
  console.log(`DefUse against ${labelsPath} (${labels.length} instances), from hunks:`);
  console.log(line("qualified", qualified));
  console.log(line("bare", bare));
  console.log("attribute agreement on the names both select:");
  for (const [attr, { ok, n }] of Object.entries(agree)) console.log(`  ${attr.padEnd(9)} ${ok}/${n}`);
  console.log("\ndisagreements:");
  for (const d of disagreements) console.log(`  ${d}`);
  if (process.env.PICKS === "1") {
    console.log("\nselected by the tool:");
    for (const p of picks) console.log(`  ${p}`);
  }
}

if (process.argv[1]?.endsWith("defuse-label-attributes.ts")) void main();
