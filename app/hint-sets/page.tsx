import Link from "next/link";
import { CreateHintSetForm } from "@/components/hint-sets/create-hint-set-form";
import { PublishButton } from "@/components/hint-sets/publish-button";
import { hasRole } from "@/lib/auth/roles";
import { guardedPage } from "@/lib/server/auth/guard";
import { listHintSets } from "@/lib/server/hints/hint-set-list";

export const dynamic = "force-dynamic";

export default guardedPage(
  "viewer",
  async function HintSetsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }, user) {
    const { sets, benchmarks } = await listHintSets();
    const admin = hasRole(user.role, "admin");
    const filter = (await searchParams).filter ?? "";
    return (
      <>
        <h1>Hint sets</h1>
        <p className="muted">
          A hint set is the curated hints of one benchmark under one selection × projection. Publishing freezes a
          version (accepted, trimmed and flagged hints as they are now); later decisions go into the next. A version
          downloads as JSONL with a manifest (counts and the file&apos;s SHA-256), or CSV; the same version always
          downloads as the same bytes. Command line: <code>npm run hints -- export --set NAME --out DIR</code>.
        </p>
        {admin && <CreateHintSetForm benchmarks={benchmarks} filter={filter} />}
        {sets.length === 0 && <p className="muted">No hint sets yet.</p>}
        {sets.map((set) => (
          <section key={set.name} aria-label={`Hint set ${set.name}`}>
            <h2>
              {set.name}{" "}
              <span className="muted">
                {set.benchmark} · {set.selection} × {set.projection}
                {set.filter && ` · view: ${set.filter}`}
              </span>
            </h2>
            {admin && (
              <p>
                <PublishButton name={set.name} />{" "}
                <Link href={`/rounds?hintSet=${encodeURIComponent(set.name)}`}>Start a review round on it</Link>
              </p>
            )}
            {set.versions.length === 0 ? (
              <p className="muted">Not published yet.</p>
            ) : (
              <table aria-label={`Versions of ${set.name}`}>
                <thead>
                  <tr>
                    <th>Version</th>
                    <th>Published</th>
                    <th className="num">Decided hints</th>
                    <th>Download</th>
                  </tr>
                </thead>
                <tbody>
                  {set.versions.map((v) => {
                    const base = `/api/hint-sets/${encodeURIComponent(set.name)}/${v.version}`;
                    return (
                      <tr key={v.version}>
                        <td>v{v.version}</td>
                        <td>
                          {new Date(v.publishedAt).toLocaleString()} {v.publishedBy ? `by ${v.publishedBy}` : ""}
                          {v.review && (
                            <span className="muted">
                              {" "}
                              · from round {v.review.round} ({v.review.curators.join(", ")}; κ{" "}
                              {v.review.agreement.kappa === null ? "—" : v.review.agreement.kappa.toFixed(2)},{" "}
                              {v.review.adjudicated} adjudicated)
                            </span>
                          )}
                        </td>
                        <td className="num">{v.hints}</td>
                        <td>
                          <a href={`${base}/jsonl`}>JSONL</a> · <a href={`${base}/manifest`}>manifest</a> ·{" "}
                          <a href={`${base}/csv`}>CSV</a> · <a href={`${base}/jsonl?flagged=1`}>JSONL with flagged</a> ·{" "}
                          <a href={`${base}/native`} title="the benchmark's own records, with the curated hints">
                            benchmark records
                          </a>{" "}
                          (<a href={`${base}/manifest?native=1`}>their manifest</a>) ·{" "}
                          <a href={`${base}/parquet`}>Parquet</a>
                          {v.version > 1 && (
                            <>
                              {" · "}
                              <Link
                                href={`/hint-sets/${encodeURIComponent(set.name)}/compare?from=${v.version - 1}&to=${v.version}`}
                              >
                                compare with v{v.version - 1}
                              </Link>
                            </>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
        ))}
      </>
    );
  },
);
