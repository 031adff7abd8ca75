import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Where a run's files sit decides its name where the files do not say it. A leaderboard submission keeps
 * its parts in folders every submission names alike (SWE-bench experiments and Multi-SWE-bench experiments:
 * `evaluation/<split>/<system>/{all_preds.jsonl, metadata.yaml, results/results.json, logs/<id>/…, trajs/…}`),
 * so those folders name no run: the system is the folder above them.
 */
export const LAYOUT_FOLDERS: ReadonlySet<string> = new Set(["results", "logs", "trajs"]);

/** File names tools give every run's output alike: such a file is named by its folder, never by itself. */
export const GENERIC_NAMES: ReadonlySet<string> = new Set([
  "preds",
  "predictions",
  "all_preds",
  "output",
  "outputs",
  "results",
  "report",
  "final_report",
  "eval_results",
  "results_summary",
  "summary",
  "evaluation_details",
]);

/** A file's name without the suffixes results files carry (`gpt-4o.results.json` → `gpt-4o`). */
export const baseNameOf = (filePath: string): string => {
  const base = path.basename(filePath);
  return base.replace(/(\.(eval_results|results_summary|results|report))?\.(json|jsonl|csv|parquet)$/i, "") || base;
};

/** The folder `levels` above a file (1: its own), as written or, where the path stops short, as resolved. */
function folderAbove(filePath: string, levels: number): string {
  let dir = path.dirname(filePath);
  for (let i = 1; i < levels; i++) dir = path.dirname(dir);
  const name = path.basename(dir);
  if (name !== "" && name !== "." && name !== "..") return name;
  return path.basename(path.resolve(path.dirname(path.resolve(filePath)), "../".repeat(levels - 1)));
}

/** The system a file of the leaderboard layout belongs to, and the layout folder it sits in; null elsewhere. */
export function leaderboardSystem(filePath: string): { system: string; part: string } | null {
  const parent = folderAbove(filePath, 1);
  const grandparent = folderAbove(filePath, 2);
  const generic = GENERIC_NAMES.has(baseNameOf(filePath).toLowerCase());
  // <system>/results/results.json, <system>/trajs/<id>.traj: the file sits in the layout's folder.
  // <system>/logs/<id>_result.json (SWE-PolyBench): the file sits in the layout's folder.
  if ((parent === "results" && generic) || parent === "trajs" || parent === "logs")
    return { system: grandparent, part: parent };
  // <system>/logs/<id>/report.json, <system>/trajs/<id>/<id>.traj.json: in an instance's folder inside it.
  if (grandparent === "logs" || grandparent === "trajs") return { system: folderAbove(filePath, 3), part: grandparent };
  return null;
}

/** The folder that holds a system's files: the folder of a generic file, or the one above a layout folder. */
export function systemFolder(filePath: string): string | null {
  const layout = leaderboardSystem(filePath);
  if (!layout) return null;
  let dir = path.dirname(path.resolve(filePath));
  while (path.basename(dir) !== layout.part && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.dirname(dir);
}

/**
 * The display name a submission's `metadata.yaml` gives it (`name: SWE-agent + gpt-4o-2024-05-13`, or under
 * `info:`), where the file is there; null otherwise. Only said in the import's words: display names repeat
 * across submissions, the folder's name does not.
 */
export function metadataName(folder: string): string | null {
  let text: string;
  try {
    text = readFileSync(path.join(folder, "metadata.yaml"), "utf8");
  } catch {
    return null;
  }
  const match = /^\s*name:\s*(.+?)\s*$/m.exec(text);
  return match?.[1] ? match[1].replace(/^(["'])(.*)\1$/, "$2") : null;
}

/** The run a file names by where it sits: its leaderboard system, its own name, or (a generic name) its folder. */
export function runNameFromPath(filePath: string): string {
  const layout = leaderboardSystem(filePath);
  if (layout) return layout.system;
  const name = baseNameOf(filePath);
  if (!GENERIC_NAMES.has(name.toLowerCase())) return name;
  const folder = path.basename(path.dirname(filePath));
  return folder !== "" && folder !== "." ? folder : name;
}

/**
 * A submission's own file named for what it is (`all_preds.jsonl`) in the folder of a leaderboard system, which
 * its `metadata.yaml` marks (a `logs/` folder alone is too common to say so). Its records are that system's
 * run, whatever model name their lines carry, so its predictions and its results are one run.
 */
function submissionFolder(filePath: string): string | null {
  if (!GENERIC_NAMES.has(baseNameOf(filePath).toLowerCase())) return null;
  const folder = path.dirname(path.resolve(filePath));
  return existsSync(path.join(folder, "metadata.yaml")) ? folder : null;
}

/** A run the leaderboard layout names: the system, the import's words about it, and whether it wins over a record's own model. */
export interface LayoutRun {
  system: string;
  note: string;
  /** a submission's own file: its lines' model names give way to the system's */
  overrides: boolean;
}

/** What an import says about a run named by the layout: which folder, and the name metadata.yaml gives it. */
export function layoutNote(filePath: string): LayoutRun | null {
  const layout = leaderboardSystem(filePath);
  const submission = layout ? null : submissionFolder(filePath);
  const folder = layout ? systemFolder(filePath) : submission;
  if (!folder) return null;
  const system = layout?.system ?? path.basename(folder);
  const display = metadataName(folder);
  const where = layout ? `the folder above ${layout.part}/` : "the submission's folder";
  return {
    system,
    overrides: !layout,
    note: `the run is named after its system's folder "${system}" (${where})${display ? `; its metadata.yaml calls it "${display}"` : ""}; --model NAME names it otherwise`,
  };
}
