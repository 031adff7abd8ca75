import { DescribeAdmin } from "@/components/admin/describe-admin";
import { JudgeAdmin } from "@/components/admin/judge-admin";
import { SELECTION_POLICIES } from "@/lib/domain/hint-vocabulary";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { listEndpoints, runStatus } from "@/lib/server/judge/judge-runs";
import { modelDescriptionCounts } from "@/lib/server/judge/model-descriptions";

export const dynamic = "force-dynamic";

/** The judge: endpoints, a run's plan and cost before it starts, and runs with their progress. */
export default guardedPage("admin", async function JudgePage() {
  const db = await getDb();
  const [endpoints, benchmarks, runs, written] = await Promise.all([
    listEndpoints(db),
    db.benchmark.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.judgeRun.findMany({ select: { id: true }, orderBy: { id: "desc" }, take: 20 }),
    modelDescriptionCounts(db),
  ]);
  const statuses = await Promise.all(runs.map((r) => runStatus(db, r.id)));
  const benchmarkName = new Map(benchmarks.map((b) => [b.id, b.name]));
  return (
    <>
      <h1>Judge</h1>
      <p className="muted">
        The paper&apos;s hint-leakage judge (Appendix C: necessity from the issue alone, disclosure and guidance with
        both patches) on any OpenAI-compatible endpoint: OpenAI, vLLM, llama.cpp&apos;s server, Ollama, a gateway. Every
        call is stored, so a run resumes where it stopped and a re-run costs nothing; its scores join the judge scores
        on the research page. From the server&apos;s shell: <code>npm run hints -- judge</code>.
      </p>
      <JudgeAdmin
        endpoints={endpoints.map((e) => ({
          name: e.name,
          model: e.model,
          baseUrl: e.baseUrl,
          hasKey: e.hasKey,
          supportsN: e.supportsN,
          supportsJsonSchema: e.supportsJsonSchema,
          concurrency: e.concurrency,
          inputPrice: e.inputPrice,
          outputPrice: e.outputPrice,
          parameters: JSON.stringify(e.parameters),
          measured: e.measured
            ? `n ${e.measured.takesN ? "taken" : "ignored"} (${e.measured.nReturned} of ${e.measured.nAsked}), JSON schema ${e.measured.jsonSchema ? "honoured" : "not honoured"}, usage ${e.measured.usageReported ? "reported" : "not reported"} (${e.measured.at.slice(0, 16).replace("T", " ")})`
            : null,
        }))}
        benchmarks={benchmarks.map((b) => b.name)}
        selections={SELECTION_POLICIES.map((p) => ({ id: p.id, label: p.label }))}
        runs={statuses.map((s) => ({ ...s, benchmark: benchmarkName.get(s.benchmarkId) ?? "?" }))}
      />
      <h2>Descriptions where the benchmark has none</h2>
      <p className="muted">
        The Declaration + Doc and Pro projections state a one-sentence description and a behaviour paragraph; only
        SWE-bench Pro ships them. A model on an endpoint writes them from the reference patch and the tests, as the
        paper had them written: stored with who wrote them, shown as model-written, trimmed or replaced by a curator
        like the benchmark&apos;s, and rated by the judge like any other text. Writing them changes those hints, so
        decisions made before are stale. <code>npm run hints -- judge describe plan|run|list</code>.
      </p>
      <DescribeAdmin
        endpoints={endpoints.map((e) => e.name)}
        benchmarks={benchmarks.map((b) => b.name)}
        selections={SELECTION_POLICIES.map((p) => ({ id: p.id, label: p.label }))}
        written={written}
      />
    </>
  );
});
