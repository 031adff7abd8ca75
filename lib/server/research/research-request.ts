import "server-only";
import { cache } from "react";
import { getDb } from "../db/client";
import { composeResearchData, loadResearchJudge, type ResearchPart } from "./research";
import { loadResearchGround, loadResearchRunCounts } from "./research-counts";
import { loadResearchFrontier } from "./research-frontier";

/*
 * The research data of the request being served, each part loaded once however many of the page's sections
 * ask for it: each section is its own async component under its own Suspense boundary and awaits only the
 * parts it shows, so a section streams as soon as its own parts are read. The ground and the runs are the
 * counts the database keeps per benchmark, run and pair of runs (research-counts.ts): no instance is read.
 */
const base = cache(async () => loadResearchGround(await getDb()));
const runs = cache(async () => loadResearchRunCounts(await getDb(), await base()));
const judge = cache(async () => loadResearchJudge(await getDb(), await base()));
const frontier = cache(async () => loadResearchFrontier(await getDb(), await base()));

/** The research data with the parts a section shows. */
export async function researchData(...parts: ResearchPart[]) {
  const [loadedBase, loadedRuns, loadedJudge, loadedFrontier] = await Promise.all([
    base(),
    parts.includes("runs") ? runs() : undefined,
    parts.includes("judge") ? judge() : undefined,
    parts.includes("frontier") ? frontier() : undefined,
  ]);
  return composeResearchData(loadedBase, { runs: loadedRuns, judge: loadedJudge, frontier: loadedFrontier });
}
