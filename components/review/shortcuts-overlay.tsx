import Link from "next/link";
import { type Keymap, REMAPPABLE } from "@/lib/review/keymap";
import { SHORTCUTS } from "@/lib/review/review-keys";

/** A shortcut's keys as this user has them: each single key read through their keymap. */
const ownKeys = (keys: string, keymap: Keymap) =>
  keys
    .split(" ")
    .map((part) => (REMAPPABLE.some(([key]) => key === part) ? (keymap[part as keyof Keymap] ?? part) : part))
    .join(" ");

/** The ? overlay: every keyboard shortcut of the review workspace, on the user's own keys. */
export function ShortcutsOverlay({ onClose, keymap = {} }: { onClose: () => void; keymap?: Keymap }) {
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts">
      <div className="overlay-box">
        <h2>Keyboard shortcuts</h2>
        <dl className="facts">
          {SHORTCUTS.map(([key, does]) => (
            <div key={key} style={{ display: "contents" }}>
              <dt>
                <kbd>{ownKeys(key, keymap)}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Link href="/account/keys">Change your keys</Link>
        </p>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
