// DefUse against hand labels, by qualified name (the format of ../shared/data/labels/defuse-dev, see
// ../shared/data/README.md): a name's key is its last two dotted segments, a file is its path; names a label
// marks ambiguous count neither for nor against. Prints precision, recall and F1 overall and per language,
// from hunks only, and lists what was extra and missing.
//
//   npx tsx lib/bench/defuse-labels.ts [labels.json | labels-folder] [records.jsonl …]
// A folder holds one label (or an array of labels) per *.json file. Without records files, the records beside the
// labels (records-*.jsonl) and the shared instances are read.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { analyzeInstance, type InstanceAnalysis } from "../analysis/analyze-instance";
import { openImportFile } from "../ingest/read-import-file";

export interface DefuseLabel {
  instance_id: string;
  language: string;
  defuse: Array<{ name: string; kind: string; path?: string }>;
  ambiguous?: Array<{ name: string }>;
}

/** A constructor's member as the languages spell it (a regular expression's group), for labels and analysis alike. */
export const LABEL_CONSTRUCTORS = "(?:__init__|__new__|__construct|initialize|constructor)";

/**
 * The key a name is scored by: a file by its path, else the last two dotted segments. A CommonJS export is its
 * name (`exports.text`, as a labeller may copy `exports.text = …`, is the module's `text`). A constructor's
 * keyword parameter is its class's, however spelt (`FloatConverter.__init__.finite`, `Cell.__construct.column`, `FloatConverter.finite`);
 * a constructor is its class's namesake (`Zone.constructor`, `Zone.Zone`).
 */
export function labelKey(name: string, kind?: string): string {
  if (kind === "file" || name.includes("/")) return name;
  // A constructor is its class's namesake however the analysis spells it (`Zone.constructor` is a label's `Zone.Zone`).
  const constructorOf =
    kind === "constructor"
      ? /([^.:]+)(?:\.|::)(?:constructor|__init__|__new__|__construct)$/.exec(name)?.[1]
      : undefined;
  if (constructorOf) return `${constructorOf}.${constructorOf}`;
  return name
    .replace(/::/g, ".")
    .replace(/^(module\.)?exports\./, "")
    .replace(new RegExp(`\\.${LABEL_CONSTRUCTORS}\\.(?=[^.]+$)`), ".")
    .split(".")
    .slice(-2)
    .join(".");
}

/**
 * The names one ambiguous entry lists, where a labeller wrote several in one (`A, B, C`; `X.Seed / X.PublicKey (and
 * y.Seed/y.PublicKey)`; `fakeClockContext.Done/Err/Deadline`, members of one owner). A remark in parentheses
 * (`(kind file)`) names nothing; a path stays whole.
 */
export function ambiguousNames(entry: string): string[] {
  const also = [...entry.matchAll(/\(and ([^)]*)\)/g)].map((m) => m[1] as string);
  const parts = [entry.replace(/\([^)]*\)/g, " "), ...also].flatMap((text) => listItems(text));
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .flatMap((part) => {
      // (Qualified names run together, `ckp.Seed/ckp.PublicKey`: each piece a qualified name, none a file or a host.)
      const pieces = part.split("/");
      if (pieces.length > 1 && pieces.every((piece) => QUALIFIED.test(piece) && !PATHLIKE.test(piece))) return pieces;
      // (One owner's members, `fakeClockContext.Done/Err`: a capital says a type or a member, not a folder.)
      const members = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.([A-Za-z_]\w*(?:\/[A-Za-z_]\w*)+)$/.exec(part);
      const owner = members?.[1] ?? "";
      const capital = [owner.split(".").pop() ?? "", members?.[2] ?? ""].some((word) => /^_?[A-Z]/.test(word));
      if (members && !PATHLIKE.test(owner) && capital)
        return (members[2] as string).split("/").map((member) => `${owner}.${member}`);
      return [part];
    });
}

/** A qualified name (`ckp.Seed`), and what only a path's piece is (a file's extension, a host, a version). */
const QUALIFIED = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$/;
const PATHLIKE =
  /\.(go|ts|tsx|js|jsx|mjs|py|rb|php|java|kt|rs|c|h|cc|cpp|hpp|cs|md|json|ya?ml|toml|txt)$|^[\w-]+\.(com|org|net|io|dev|in|co|gov|edu)\b/i;

/** An entry's items at its own commas and ` / `, not those inside brackets (`Cache<K, V>`, `f(a, b)`). */
function listItems(text: string): string[] {
  const items = [""];
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const ch = text[at] as string;
    if ("<([{".includes(ch)) depth++;
    else if (">)]}".includes(ch)) depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || text.startsWith(" / ", at))) {
      items.push("");
      if (ch === " ") at += 2;
    } else items[items.length - 1] += ch;
  }
  return items;
}

export interface LabelScore {
  language: string;
  instances: number;
  hits: number;
  picked: number;
  expected: number;
  extra: string[];
  missing: string[];
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
export const precisionOf = (s: LabelScore) => ratio(s.hits, s.picked);
export const recallOf = (s: LabelScore) => ratio(s.hits, s.expected);
export const f1Of = (s: LabelScore) => {
  const p = precisionOf(s);
  const r = recallOf(s);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
};

/** Scores one analysis against its label (into `row`). */
export function scoreOne(label: DefuseLabel, analysis: InstanceAnalysis, row: LabelScore): void {
  const expected = new Set(label.defuse.map((d) => labelKey(d.name, d.kind)));
  const ambiguous = new Set((label.ambiguous ?? []).flatMap((d) => ambiguousNames(d.name)).map((n) => labelKey(n)));
  const picked = new Set(
    analysis.identifiers
      .filter((i) => i.policies.includes("defuse"))
      .map((i) => labelKey(i.kind === "file" ? i.path : i.name, i.kind))
      .filter((k) => !ambiguous.has(k) || expected.has(k)),
  );
  const id = label.instance_id.replace(/^instance_/, "").slice(0, 40);
  row.instances++;
  row.picked += picked.size;
  row.expected += expected.size;
  for (const k of picked) if (expected.has(k)) row.hits++;
  row.extra.push(...[...picked].filter((k) => !expected.has(k)).map((k) => `${id}: ${k}`));
  row.missing.push(...[...expected].filter((k) => !picked.has(k)).map((k) => `${id}: ${k}`));
}

/** The instances' patches, by id, from the given record files (any format the importer reads). */
export async function readPatches(
  files: string[],
): Promise<Map<string, { goldPatch: string; testPatch: string; repo: string }>> {
  const out = new Map<string, { goldPatch: string; testPatch: string; repo: string }>();
  for (const file of files) {
    const opened = await openImportFile(file);
    for await (const { item } of opened.items) {
      if (item.kind !== "instance") continue;
      out.set(item.data.externalId, {
        goldPatch: item.data.goldPatch,
        testPatch: item.data.testPatch,
        repo: item.data.repo,
      });
    }
  }
  return out;
}

/** The labels in a labels.json file, or in every *.json file of a folder (each one label or an array of them). */
export function readLabels(fileOrFolder: string): DefuseLabel[] {
  const files = statSync(fileOrFolder).isDirectory()
    ? readdirSync(fileOrFolder)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => path.join(fileOrFolder, f))
    : [fileOrFolder];
  return files.flatMap((file) => {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as DefuseLabel | DefuseLabel[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

export async function scoreLabels(labels: DefuseLabel[], records: string[]): Promise<LabelScore[]> {
  const patches = await readPatches(records);
  const rows = new Map<string, LabelScore>();
  const rowOf = (language: string) => {
    const row = rows.get(language) ?? {
      language,
      instances: 0,
      hits: 0,
      picked: 0,
      expected: 0,
      extra: [],
      missing: [],
    };
    rows.set(language, row);
    return row;
  };
  for (const label of labels) {
    const patch =
      patches.get(label.instance_id) ??
      [...patches.entries()].find(([id]) => id.toLowerCase() === label.instance_id.toLowerCase())?.[1];
    if (!patch) throw new Error(`labels: ${label.instance_id} is in no records file (${records.join(", ")})`);
    const analysis = await analyzeInstance({ instanceId: label.instance_id, ...patch });
    scoreOne(label, analysis, rowOf(label.language));
    scoreOne(label, analysis, rowOf("all"));
  }
  return [...rows.values()].sort((a, b) =>
    a.language === "all" ? 1 : b.language === "all" ? -1 : a.language.localeCompare(b.language),
  );
}

async function main() {
  const labelsFile = path.resolve(process.argv[2] ?? "../shared/data/labels/defuse-dev/labels.json");
  let records = process.argv.slice(3).map((f) => path.resolve(f));
  if (records.length === 0) {
    const dir = statSync(labelsFile).isDirectory() ? labelsFile : path.dirname(labelsFile);
    const shared = path.resolve("../shared/data/instances");
    records = [
      ...readdirSync(dir)
        .filter((f) => /^records.*\.jsonl$/.test(f))
        .map((f) => path.join(dir, f)),
      ...(existsSync(shared) ? readdirSync(shared).map((f) => path.join(shared, f)) : []),
    ];
  }
  const labels = readLabels(labelsFile);
  const rows = await scoreLabels(labels, records);
  console.log(`DefUse by qualified name against ${labelsFile} (${labels.length} instances), from hunks:`);
  console.log("language     n  picked expected hits  precision recall  F1");
  for (const r of rows)
    console.log(
      `${r.language.padEnd(11)} ${String(r.instances).padStart(2)} ${String(r.picked).padStart(7)} ${String(r.expected).padStart(8)} ${String(r.hits).padStart(5)}  ${precisionOf(r).toFixed(2).padStart(9)} ${recallOf(r).toFixed(2).padStart(6)}  ${f1Of(r).toFixed(2)}`,
    );
  const all = rows.find((r) => r.language === "all");
  if (all && process.env.QUIET !== "1") {
    console.log("\nextra:");
    for (const e of all.extra) console.log(`  ${e}`);
    console.log("missing:");
    for (const m of all.missing) console.log(`  ${m}`);
  }
}

if (process.argv[1]?.endsWith("defuse-labels.ts")) void main();
