import { Suspense } from "react";
import { EvidenceLabelsSection } from "@/components/research/evidence-labels-section";
import {
  DesignSection,
  DisclosureSection,
  EvidenceSection,
  GuessworkSection,
  JudgeScoresSection,
  PairedSection,
  PoliciesSection,
  RatesSection,
  SectionLoading,
} from "@/components/research/research-sections";
import { guardedPage } from "@/lib/server/auth/guard";

export const dynamic = "force-dynamic";

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const runIdOf = (value: string | string[] | undefined) =>
  typeof value === "string" && /^\d+$/.test(value) ? Number(value) : undefined;

/** The sections, in page order, for the table of contents (each section's heading has the id). */
const SECTIONS: Array<[id: string, title: string]> = [
  ["rates", "Resolve rates"],
  ["policies", "Policy comparison"],
  ["frontier", "Spoiler–guesswork frontier"],
  ["paired", "Paired comparison"],
  ["disclosure", "Disclosure against resolution"],
  ["guesswork", "Observed guesswork"],
  ["evidence-labels", "Evidence against published labels"],
  ["design", "Design constraints"],
  ["judge", "Judge scores"],
];

/** The research views: one async section per table, each streamed under its own Suspense boundary. */
export default guardedPage("viewer", async function ResearchPage({ searchParams }: PageProps) {
  const query = await searchParams;
  return (
    <div className="research-page">
      <h1>Research</h1>
      <nav aria-label="On this page" className="page-toc">
        {SECTIONS.map(([id, title], index) => (
          <span key={id}>
            {index > 0 && " · "}
            <a href={`#${id}`}>{title}</a>
          </span>
        ))}
      </nav>
      <Suspense fallback={<SectionLoading title="Resolve rates" />}>
        <RatesSection />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Hint policies compared" />}>
        <PoliciesSection />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Spoiler–guesswork frontier" />}>
        <EvidenceSection />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Paired comparison" />}>
        <PairedSection first={runIdOf(query.first)} second={runIdOf(query.second)} />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Disclosure against resolution" />}>
        <DisclosureSection />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Observed guesswork" />}>
        <GuessworkSection />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Evidence against published labels" />}>
        <EvidenceLabelsSection />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Design constraints" />}>
        <DesignSection />
      </Suspense>
      <Suspense fallback={<SectionLoading title="Judge scores" />}>
        <JudgeScoresSection />
      </Suspense>
    </div>
  );
});
