import Link from "next/link";
import { notFound } from "next/navigation";
import { compareHintSets } from "@/lib/export/compare-sets";
import { AppError } from "@/lib/server/app-error";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { versionLines } from "@/lib/server/hints/hint-sets";

export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}

export default guardedPage("viewer", async function CompareHintSetsPage({ params, searchParams }: Props) {
  // Next hands the segment over decoded.
  const name = (await params).name;
  const query = await searchParams;
  const db = await getDb();
  const versionOf = (text: string | undefined) => (text && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined);
  if ((query.from && !versionOf(query.from)) || (query.to && !versionOf(query.to))) notFound();
  let first: Awaited<ReturnType<typeof versionLines>>;
  let second: Awaited<ReturnType<typeof versionLines>>;
  try {
    first = await versionLines(db, name, versionOf(query.from));
    second = await versionLines(db, query.with ?? name, versionOf(query.to));
  } catch (error) {
    // An unknown set or version: a page that says so. Anything else (the database failing, say) is a fault:
    // thrown on to the error page, with its cause in the server's log.
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  const diff = compareHintSets(first.lines, second.lines);
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
            {diff.instances_added.length} instances added, {diff.instances_removed.length} removed,{" "}
            {diff.hints_changed.length} hints changed.
          </p>
          <table aria-label="Differences">
            <thead>
              <tr>
                <th>Instance</th>
                <th>Change</th>
              </tr>
            </thead>
            <tbody>
              {diff.instances_added.map((id) => (
                <tr key={`+${id}`}>
                  <td>{id}</td>
                  <td>added</td>
                </tr>
              ))}
              {diff.instances_removed.map((id) => (
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
      <details>
        <summary>As JSON</summary>
        <pre className="text">{JSON.stringify(diff, null, 2)}</pre>
      </details>
    </>
  );
});
