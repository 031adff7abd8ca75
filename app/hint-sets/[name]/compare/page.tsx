import Link from "next/link";
import { notFound } from "next/navigation";
import { compareWindow } from "@/lib/export/compare-window";
import { AppError } from "@/lib/server/app-error";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { compareVersions } from "@/lib/server/hints/hint-sets";

export const dynamic = "force-dynamic";

/**
 * Differences a page lists (a version against another of 50,000 lines can differ in all of them): the rest
 * on the next pages (`?page=2`), and all of them in the command's JSON.
 */
const SHOWN = 200;

interface Props {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}

export default guardedPage("viewer", async function CompareHintSetsPage({ params, searchParams }: Props) {
  const raw = (await params).name;
  const query = await searchParams;
  const db = await getDb();
  // The segment as Next hands it over, or (where no set has that name) decoded once: a page's segment arrives
  // still encoded where a route's arrives decoded, and a name with a space or "%" must reach its set either way.
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // not encoded text: the name as it is
  }
  const name =
    decoded !== raw && !(await db.hintSet.findUnique({ where: { name: raw }, select: { id: true } })) ? decoded : raw;
  const versionOf = (text: string | undefined) => (text && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined);
  if ((query.from && !versionOf(query.from)) || (query.to && !versionOf(query.to))) notFound();
  if (query.page && !/^[1-9]\d{0,6}$/.test(query.page)) notFound();
  const page = query.page ? Number(query.page) : 1;
  const start = (page - 1) * SHOWN;
  let compared: Awaited<ReturnType<typeof compareVersions>>;
  try {
    compared = await compareVersions(
      db,
      { name, version: versionOf(query.from) },
      { name: query.with ?? name, version: versionOf(query.to) },
      SHOWN,
      start,
    );
  } catch (error) {
    // An unknown set or version: a page that says so. Anything else (the database failing, say) is a fault:
    // thrown on to the error page, with its cause in the server's log.
    if (error instanceof AppError && error.code === "not-found") notFound();
    throw error;
  }
  const { before: first, after: second, diff, changedCount } = compared;
  // The table shows this page's SHOWN differences of the whole list (added, removed, then changed, each by id;
  // the changes come read for this page only); all of them are in the command's JSON.
  const pageOf = compareWindow(diff.instances_added, diff.instances_removed, changedCount, page, SHOWN);
  if (!pageOf) notFound();
  const { total } = pageOf;
  const pageHref = (n: number) => {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
    params.set("page", String(n));
    return `?${params.toString()}`;
  };
  const command = `npm run hints -- sets compare ${JSON.stringify(name)}${query.with ? ` --with ${JSON.stringify(query.with)}` : ""} --from ${first.version} --to ${second.version} --json`;
  return (
    <>
      <p>
        <Link href="/hint-sets">← Hint sets</Link>
      </p>
      <h1>
        {name} v{first.version} → {query.with ?? name} v{second.version}
      </h1>
      {diff.identical ? (
        <p role="status">No differences.</p>
      ) : (
        <>
          <p role="status">
            {diff.instances_added.length} instances added, {diff.instances_removed.length} removed, {changedCount} hints
            changed.
          </p>
          <table aria-label="Differences">
            <thead>
              <tr>
                <th>Instance</th>
                <th>Change</th>
              </tr>
            </thead>
            <tbody>
              {pageOf.added.map((id) => (
                <tr key={`+${id}`}>
                  <td>{id}</td>
                  <td>added</td>
                </tr>
              ))}
              {pageOf.removed.map((id) => (
                <tr key={`-${id}`}>
                  <td>{id}</td>
                  <td>removed</td>
                </tr>
              ))}
              {diff.hints_changed.map((c) => (
                <tr key={`~${c.instance_id}`}>
                  <td>{c.instance_id}</td>
                  <td>
                    {c.status && `status ${c.status[0]} → ${c.status[1]}; `}
                    {c.text_changed && "hint text changed; "}
                    {c.identifiers_added.length > 0 && `identifiers added: ${c.identifiers_added.join(", ")}; `}
                    {c.identifiers_removed.length > 0 && `identifiers removed: ${c.identifiers_removed.join(", ")}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {total > SHOWN && (
        <nav aria-label="Pages of differences">
          <p className="muted">
            Differences {pageOf.first.toLocaleString("en")}–{pageOf.last.toLocaleString("en")} of{" "}
            {total.toLocaleString("en")}
            {pageOf.previous !== null && (
              <>
                {" · "}
                <Link href={pageHref(pageOf.previous)}>← Previous {SHOWN}</Link>
              </>
            )}
            {pageOf.next !== null && (
              <>
                {" · "}
                <Link href={pageHref(pageOf.next)}>Next {SHOWN} →</Link>
              </>
            )}
            ; all of them: <code>{command}</code>
          </p>
        </nav>
      )}
      {total <= SHOWN && (
        <details>
          <summary>As JSON</summary>
          <pre className="text">{JSON.stringify(diff, null, 2)}</pre>
        </details>
      )}
    </>
  );
});
