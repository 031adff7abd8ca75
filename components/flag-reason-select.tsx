"use client";

import { FLAG_REASONS, type FlagReason } from "@/lib/domain/hint-vocabulary";

/** The flag reasons as a select, "flag reason…" when none is chosen: one control for every place that flags. */
export function FlagReasonSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: FlagReason | "";
  onChange: (reason: FlagReason | "") => void;
}) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as FlagReason | "")}>
      <option value="">flag reason…</option>
      {(Object.entries(FLAG_REASONS) as Array<[FlagReason, string]>).map(([reason, text]) => (
        <option key={reason} value={reason}>
          {text}
        </option>
      ))}
    </select>
  );
}
