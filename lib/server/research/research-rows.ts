import type { loadResearchData } from "./research";

/** The research data a report is made from, and a report's row (snake_case keys: one per column). */
export type ResearchData = Awaited<ReturnType<typeof loadResearchData>>;
export type ReportRow = Record<string, string | number | boolean | null>;
