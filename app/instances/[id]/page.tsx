import { notFound } from "next/navigation";
import { IdentifierTable } from "@/components/instance/identifier-table";
import { IssueText } from "@/components/review/issue-text";
import { ReviewWorkspace } from "@/components/review/review-workspace";
import { hasRole } from "@/lib/auth/roles";
import type { Projection, Selection } from "@/lib/domain/hint-vocabulary";
import { issueNames } from "@/lib/review/issue-marks";
import { parseListState } from "@/lib/review/list-state";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { threadsForInstance } from "@/lib/server/hints/line-comments";
import { getReviewData } from "@/lib/server/hints/review-instance";
import { roundItemFor } from "@/lib/server/hints/round-state";
import { keymapOf } from "@/lib/server/keymaps";
import { listNavigation } from "@/lib/server/list/review-list";
import { parseIdParam } from "@/lib/server/route-params";

export const dynamic = "force-dynamic";

interface PageProps {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default guardedPage("viewer", async function InstancePage({ params, searchParams }: PageProps, user) {
  const id = parseIdParam((await params).id);
  const data = id === null ? null : await getReviewData(id);
  if (!data) notFound();
  // j and k walk the list the curator came from: its filters and order travel in ?list=.
  const listParam = (await searchParams).list;
  const list = typeof listParam === "string" ? listParam : "";
  const state = parseListState(new URLSearchParams(list));
  // Where this instance stands in that list, asked of the database in one query: no list is read for j/k.
  const navigation = { ...(await listNavigation(await getDb(), state, data.instance.id)), list };
  // In a review round (?round=ID) the page decides the curator's own round decision, on the round's policy.
  const roundParam = parseIdParam(String((await searchParams).round ?? ""));
  const round = roundParam === null ? null : await roundItemFor(await getDb(), roundParam, data.instance.id, user.name);
  // Arriving from the list, the page opens on the list's selection × projection.
  const policy = round
    ? { selection: round.selection as Selection, projection: round.projection as Projection }
    : list
      ? { selection: state.selection, projection: state.projection }
      : null;
  return (
    <>
      <ReviewWorkspace
        data={data}
        issue={<IssueText text={data.instance.problemStatement} names={issueNames(data.identifiers)} />}
        navigation={navigation}
        policy={policy}
        canDecide={hasRole(user.role, "curator") && (round?.open ?? true)}
        round={round}
        user={user.name}
        keymap={await keymapOf(await getDb(), user.name)}
        threads={
          await threadsForInstance(await getDb(), data.instance.id, user.name, {
            everything: user.role === "admin",
          })
        }
      />
      <details className="all-identifiers">
        <summary>All identifiers the analysis found</summary>
        <IdentifierTable
          identifiers={data.identifiers.map((i, index) => ({ ...i, id: index }))}
          analysisStatus={data.instance.analysisStatus}
          analysisError={data.instance.analysisError}
          approximate={data.instance.approximate}
          approximateReason={data.instance.approximateReason}
          unsupportedFiles={data.instance.unsupportedFiles}
          interfaceText={data.instance.interfaceText}
          requirements={data.instance.requirements}
        />
      </details>
    </>
  );
});
