import type { composeResearchData } from "./research";
import type { ResearchGround, ResearchRunsPart } from "./research-counts";

/**
 * The research data a report is made from (the page's, read from the kept counts, or `hints report`'s, read
 * per instance: research.ts), and a report's row (snake_case keys: one per column).
 */
export type ResearchData = ReturnType<typeof composeResearchData<Omit<ResearchGround, "tallyOf">, ResearchRunsPart>>;
export type ReportRow = Record<string, string | number | boolean | null>;
