import path from "node:path";

const DEMO_DIR = path.join(process.cwd(), "prisma", "demo");

/** The project's own demo data (written for Hintscope, labelled "Demo:"), in import order. */
export const DEMO_FILES = [
  "demo-instances.jsonl",
  "demo-runs.csv",
  "demo-judge-scores.jsonl",
  "demo-curator-scores.jsonl",
  "demo-design-verdicts.csv",
].map((name) => path.join(DEMO_DIR, name));
