import { z } from "zod";

/**
 * A curator's own keys for the review workspace's single-key shortcuts: each default key (the one the
 * shortcuts list names) may be given another. Stored per user, exported and imported as JSON; the
 * workspace reads a key press through it before anything else.
 */
export const REMAPPABLE = [
  ["j", "next instance (trim mode: next tick box)"],
  ["k", "previous instance (trim mode: previous tick box)"],
  ["a", "accept (trim mode: save the trim)"],
  ["t", "trim mode"],
  ["f", "flag mode"],
  ["c", "re-confirm a decision the hint changed under"],
  ["u", "undo your last decision"],
  ["/", "search the instance list"],
  ["?", "show the shortcuts"],
] as const;

export type RemappableKey = (typeof REMAPPABLE)[number][0];
const DEFAULTS = REMAPPABLE.map(([key]) => key) as readonly string[];

/** Default key → the user's key (only the keys changed). */
export type Keymap = Partial<Record<RemappableKey, string>>;

/** A key a shortcut may be put on: one printable character, not a digit (digits pick projections and reasons). */
const KeySchema = z
  .string()
  .length(1, "a key is one character")
  .refine((k) => /^[\x21-\x7e]$/.test(k) && !/^[0-9]$/.test(k), "a printable character that is not a digit");

export const KeymapSchema = z
  .record(z.string(), KeySchema)
  .superRefine((map, ctx) => {
    for (const key of Object.keys(map))
      if (!DEFAULTS.includes(key))
        ctx.addIssue({ code: "custom", message: `"${key}" is no shortcut that can be moved`, path: [key] });
    // Each key does one thing: the effective keys of all the shortcuts are all different.
    const effective = DEFAULTS.map((d) => map[d] ?? d);
    const twice = effective.find((k, i) => effective.indexOf(k) !== i);
    if (twice !== undefined) ctx.addIssue({ code: "custom", message: `"${twice}" would do two things` });
  })
  .transform((map) => map as Keymap);

/** The key a shortcut is on for this user. */
export const keyFor = (keymap: Keymap, key: RemappableKey): string => keymap[key] ?? key;

/**
 * A pressed key read through the user's keymap: the default key of the shortcut it is on, or, for a default
 * key the user moved elsewhere, nothing (empty: no shortcut). Other keys pass as they are.
 */
export function readKey(keymap: Keymap, pressed: string): string {
  for (const [key] of REMAPPABLE) if (keymap[key] === pressed) return key;
  if ((DEFAULTS as readonly string[]).includes(pressed) && keymap[pressed as RemappableKey] !== undefined) return "";
  return pressed;
}
