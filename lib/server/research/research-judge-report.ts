import { evidenceAgainstJudge } from "../../evidence/evidence-summary";
import { attributeAgreement, SCALES } from "../../stats/attribute-agreement";
import { summariseJudgeScores } from "../../stats/judge-summary";
import type { ReportRow, ResearchData } from "./research-rows";

/** The judge's tables of the research reports: its scores, the evidence against them, and rater agreement. */
/** Judge scores per benchmark × selection × judge × attribute (judge scores name no projection). */
export function judgeRows(data: ResearchData, benchmark?: string): ReportRow[] {
  return judgeRowsOf(summariseJudgeScores(data.judgeSamples).filter((j) => !benchmark || j.benchmark === benchmark));
}

/** Judge summaries as report rows (the page's CSV, from the summaries it already made). */
export function judgeRowsOf(summaries: ReturnType<typeof summariseJudgeScores>): ReportRow[] {
  return summaries.map((j) => ({
    benchmark: j.benchmark,
    selection: j.selection,
    projection: null,
    judge: j.judge,
    attribute: j.attribute,
    instances: j.instances,
    n: j.n,
    N: j.necessity.mean,
    N_low: j.necessity.low,
    N_high: j.necessity.high,
    D: j.disclosure.mean,
    D_low: j.disclosure.low,
    D_high: j.disclosure.high,
    G: j.guidance.mean,
    G_low: j.guidance.low,
    G_high: j.guidance.high,
    HVM: j.hvm.mean,
    HVM_low: j.hvm.low,
    HVM_high: j.hvm.high,
    /** why the limits are empty (fewer than two instances), or null */
    interval_note: j.necessity.noInterval,
    samples_min: j.samplesMin,
    samples_max: j.samplesMax,
    /** values with three or more samples: what unanimity is a share of */
    unanimity_values: j.unanimityValues,
    unanimity: j.unanimity,
  }));
}

/** Where judge scores exist: the instance evidence checked against the judge's N and D. */
export function evidenceJudgeRows(data: ResearchData, benchmark?: string): ReportRow[] {
  return evidenceAgainstJudge(
    data.judgeSamples.filter((s) => !benchmark || s.benchmark === benchmark),
    data.evidenceOfKey,
  ).map((row) => ({ ...row }));
}

/**
 * Curators against judges (and each other) per benchmark, attribute and scale: quadratic weighted κ with
 * 95% instance-clustered bootstrap intervals, and the confusion matrix of levels (rows: the first rater's).
 */
export function raterAgreementByAttribute(data: ResearchData, benchmark?: string) {
  const byBenchmark = new Map<string, ResearchData["ratings"]>();
  for (const r of data.ratings) {
    const name = data.benchmarkNameOf((JSON.parse(r.item) as string[])[0] as string);
    if (benchmark && name !== benchmark) continue;
    byBenchmark.set(name, [...(byBenchmark.get(name) ?? []), r]);
  }
  return [...byBenchmark.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, ratings]) => attributeAgreement(ratings).map((row) => ({ benchmark: name, ...row })));
}

/** A row of raterAgreementByAttribute as a flat report row (κ and limits per scale, confusion as JSON). */
export function agreementReportRow(row: ReturnType<typeof raterAgreementByAttribute>[number]): ReportRow {
  const out: ReportRow = {
    benchmark: row.benchmark,
    first: row.first,
    second: row.second,
    attribute: row.attribute,
    items: row.items,
    instances: row.instances,
  };
  for (const scale of SCALES) {
    const s = row.scales[scale];
    out[`kappa_${scale}`] = s.kappa;
    out[`kappa_${scale}_low`] = s.low;
    out[`kappa_${scale}_high`] = s.high;
    out[`confusion_${scale}`] = JSON.stringify(s.confusion);
    /** why κ or its interval is missing (one item, one level throughout, one instance), or null */
    out[`kappa_${scale}_note`] = s.noInterval;
  }
  return out;
}

export function raterAgreementRows(data: ResearchData, benchmark?: string): ReportRow[] {
  return raterAgreementByAttribute(data, benchmark).map(agreementReportRow);
}
