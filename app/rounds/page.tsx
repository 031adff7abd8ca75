import Link from "next/link";
import { StartRoundForm } from "@/components/rounds/start-round-form";
import { hasRole } from "@/lib/auth/roles";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { listRounds } from "@/lib/server/hints/round-state";

export const dynamic = "force-dynamic";

export default guardedPage(
  "viewer",
  async function RoundsPage(
    { searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> },
    user,
  ) {
    const wanted = (await searchParams).hintSet;
    const db = await getDb();
    const admin = hasRole(user.role, "admin");
    const [rounds, hintSets, curators] = await Promise.all([
      listRounds(db),
      admin ? db.hintSet.findMany({ select: { name: true }, orderBy: { name: "asc" } }) : [],
      admin
        ? db.user.findMany({
            where: { disabled: false, role: { in: ["curator", "admin"] } },
            select: { name: true },
            orderBy: { name: "asc" },
          })
        : [],
    ]);
    return (
      <>
        <h1>Review rounds</h1>
        <p className="muted">
          A round has several curators decide each hint of a hint set on their own (blind: nobody sees the others&apos;
          decisions before deciding). Where they disagree an admin adjudicates; publishing a round applies its outcomes
          as decisions and freezes the hint set&apos;s next version, whose manifest states the curators and their
          agreement (percent agreement; Cohen&apos;s κ for two curators, Fleiss&apos; κ for more).
        </p>
        {admin && (
          <StartRoundForm
            hintSets={hintSets.map((s) => s.name)}
            curators={curators.map((c) => c.name)}
            initialHintSet={typeof wanted === "string" ? wanted : undefined}
          />
        )}
        {rounds.length === 0 ? (
          <p className="muted">No rounds yet.</p>
        ) : (
          <table aria-label="Rounds">
            <thead>
              <tr>
                <th>Round</th>
                <th>Hint set</th>
                <th>Curators</th>
                <th>Per hint</th>
                <th>Decided</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link href={`/rounds/${r.id}`}>{r.name}</Link>
                  </td>
                  <td>{r.hintSet}</td>
                  <td>{r.curators.join(", ")}</td>
                  <td>{r.curatorsPerHint}</td>
                  <td>
                    {r.done} / {r.assigned}
                  </td>
                  <td>
                    {r.status === "published" ? `published (v${r.publishedVersion})` : "open"}
                    {r.blind ? " · blind" : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </>
    );
  },
);
