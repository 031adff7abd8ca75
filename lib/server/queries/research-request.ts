import "server-only";
import { cache } from "react";
import { loadResearchData } from "./research";

/**
 * The research data of the request being served, loaded once however many of the page's sections ask:
 * each section is its own async component under its own Suspense boundary and awaits this.
 */
export const researchData = cache(() => loadResearchData());
