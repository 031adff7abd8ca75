"use client";

import type { WorkspaceMessage } from "@/lib/review/workspace-state";

/**
 * Where the eye is, whatever the panel's scroll: the confirmation, and Undo while it applies; what a key did
 * not do, and the keys kept while the page moves on.
 */
export function ReviewToast({
  message,
  keyNotice,
  canUndo,
  saving,
  onUndo,
}: {
  message: WorkspaceMessage | null;
  keyNotice: string | null;
  canUndo: boolean;
  saving: boolean;
  onUndo: () => void;
}) {
  const ok = message?.kind === "ok" ? message : null;
  if (!ok && !keyNotice) return null;
  return (
    <div className="toast">
      {keyNotice && (
        <span role="status" data-testid="key notice">
          {keyNotice}
        </span>
      )}
      {keyNotice && ok && <br />}
      {ok && <span role="status">{ok.text}</span>}
      {ok && canUndo && (
        <>
          {" "}
          <button type="button" onClick={onUndo} disabled={saving}>
            Undo (u)
          </button>
        </>
      )}
    </div>
  );
}
