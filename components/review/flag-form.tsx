"use client";

import { FLAG_REASON_IDS, FLAG_REASONS, type FlagReason } from "@/lib/domain/hint-vocabulary";

/**
 * The flag form: a reason (its digit picks it), a note, and the form's own buttons. It opens in view and with
 * the focus (the hint panel brings it there); nothing in it is wider than the panel.
 */
export function FlagForm({
  formRef,
  noteRef,
  reason,
  onReason,
  note,
  onNote,
  saving,
  onSave,
  onCancel,
}: {
  formRef: React.Ref<HTMLFieldSetElement>;
  noteRef: React.Ref<HTMLTextAreaElement>;
  reason: FlagReason | "";
  onReason: (r: FlagReason | "") => void;
  note: string;
  onNote: (n: string) => void;
  saving: boolean;
  /** null: the user may not decide, and the form has no buttons */
  onSave: (() => void) | null;
  onCancel: () => void;
}) {
  return (
    <fieldset className="flag-form" ref={formRef} tabIndex={-1} aria-label="Flag this hint">
      <legend>Flag this hint (reason: 1–{FLAG_REASON_IDS.length}, then a note; save: Enter or Ctrl+Enter)</legend>
      <label>
        Reason{" "}
        <select value={reason} onChange={(e) => onReason(e.target.value as FlagReason | "")}>
          <option value="">choose a reason…</option>
          {(Object.entries(FLAG_REASONS) as Array<[FlagReason, string]>).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Note (Shift+Enter: a new line){" "}
        <textarea ref={noteRef} data-flag-note value={note} onChange={(e) => onNote(e.target.value)} rows={2} />
      </label>
      {/* The form's own buttons, next in the tab order after the note: Enter on one does what it says. */}
      {onSave && (
        <div className="decisions">
          <button type="button" disabled={saving || !reason} onClick={onSave}>
            Save flag
          </button>
          <button type="button" disabled={saving} onClick={onCancel}>
            Cancel (Esc)
          </button>
        </div>
      )}
    </fieldset>
  );
}
