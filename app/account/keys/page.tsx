import { KeymapEditor } from "@/components/account/keymap-editor";
import { guardedPage } from "@/lib/server/auth/guard";
import { getDb } from "@/lib/server/db/client";
import { keymapOf } from "@/lib/server/keymaps";

export const dynamic = "force-dynamic";

/** The signed-in user's own keys for the review shortcuts: edited here, exported and imported as JSON. */
export default guardedPage("viewer", async function KeysPage(_props: unknown, user) {
  const keymap = await keymapOf(await getDb(), user.name);
  return (
    <>
      <h1>Your keys</h1>
      <p className="muted">
        Put any review shortcut on another key (one character, not a digit: the digits choose projections and flag
        reasons). The key it leaves does nothing then. The <kbd>?</kbd> list on the review page shows your keys.
      </p>
      <KeymapEditor initial={keymap} />
    </>
  );
});
