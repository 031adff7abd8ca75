import Link from "next/link";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/server/app-error";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { compareVersions } from "@/lib/server/hints/hint-sets";

export const dynamic = "force-dynamic";

/** Differences the page lists at most (a version against another of 50,000 lines can differ in all of them). */
const SHOWN = 1000;

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
  let compared: Awaited<ReturnType<typeof compareVersions>>;
  try {
    compared = await compareVersions(
      db,
      { name, version: versionOf(query.from) },
      { name: query.with ?? name, version: versionOf(query.to) },
      SHOWN,
    );
  } catch (error) {
    // An unknown set or version: a page that says so. Anything else (the database failing, say) is a fault:
    // thrown on to the error page, with its cause in the server's log.
    if (error instanceof AppError && error.code === "not-found") notFound();
    throw error;
  }
  const { before: first, after: second, diff, changedCount } = compared;
  // The table shows the first SHOWN differences (added, removed, then changed, each by id); all of them are in
  // the command's JSON.
  const shown = { left: SHOWN };
  const take = <T,>(items: T[]) => {
    const taken = items.slice(0, shown.left);
    shown.left -= taken.length;
    return taken;
  };
  const total = diff.instances_added.length + diff.instances_removed.length + changedCount;
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
              {take(diff.instances_added).map((id) => (
                <tr key={`+${id}`}>
                  <td>{id}</td>
                  <td>added</td>
                </tr>
              ))}
              {take(diff.instances_removed).map((id) => (
                <tr key={`-${id}`}>
                  <td>{id}</td>
                  <td>removed</td>
                </tr>
              ))}
              {take(diff.hints_changed).map((c) => (
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
        <p className="muted">
          The first {SHOWN.toLocaleString("en")} of {total.toLocaleString("en")} differences are shown; all of them:{" "}
          <code>{command}</code>
        </p>
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
