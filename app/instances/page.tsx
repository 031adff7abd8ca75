import { Suspense } from "react";
import { InstanceList } from "@/components/instances/instance-list";
import { hasRole } from "@/lib/auth/roles";
import { parseListState } from "@/lib/review/list-state";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { LIST_PAGE, listFacets, listWindow } from "@/lib/server/list/review-list";
import { savedViewsOf } from "@/lib/server/list/saved-views";

export const dynamic = "force-dynamic";

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default guardedPage("viewer", async function InstancesPage({ searchParams }: PageProps, user) {
  const db = await getDb();
  // The first window of the view the URL names; the list asks for the rest as it is scrolled.
  const [initial, facets, savedViews] = await Promise.all([
    listWindow(db, parseListState(await searchParams), { offset: 0, limit: LIST_PAGE }),
    listFacets(db),
    savedViewsOf(db, user.name),
  ]);
  return (
    <>
      <h1>Instances</h1>
      <Suspense fallback={<p className="muted">Loading the list…</p>}>
        <InstanceList
          initial={initial}
          facets={facets}
          canDecide={hasRole(user.role, "curator")}
          savedViews={savedViews}
        />
      </Suspense>
    </>
  );
});
