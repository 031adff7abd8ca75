import { Suspense } from "react";
import { InstanceList } from "@/components/instances/instance-list";
import { guardedPage } from "@/lib/server/auth/guard";
import { listInstanceRows } from "@/lib/server/queries/review-list";

export const dynamic = "force-dynamic";

export default guardedPage("viewer", async function InstancesPage() {
  const rows = await listInstanceRows();
  return (
    <>
      <h1>Instances</h1>
      <Suspense fallback={<p className="muted">Loading the list…</p>}>
        <InstanceList rows={rows} />
      </Suspense>
    </>
  );
});
