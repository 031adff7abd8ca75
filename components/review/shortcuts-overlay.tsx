import { SHORTCUTS } from "@/lib/review/review-keys";

/** The ? overlay: every keyboard shortcut of the review workspace. */
export function ShortcutsOverlay({ onClose }: { onClose: () => void }) {
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts">
      <div className="overlay-box">
        <h2>Keyboard shortcuts</h2>
        <dl className="facts">
          {SHORTCUTS.map(([key, does]) => (
            <div key={key} style={{ display: "contents" }}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
