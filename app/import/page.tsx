import { UploadForm } from "@/components/import/upload-form";
import { guardedPage } from "@/lib/server/auth/guard";

export default guardedPage("admin", async function ImportPage() {
  return (
    <>
      <h1>Import</h1>
      <p className="muted">
        Instances (SWE-bench, SWE-bench Pro, Multi-SWE-bench), run results and judge scores. Each file is imported whole
        or not at all; importing the same file again changes nothing.
      </p>
      <UploadForm />
    </>
  );
});
