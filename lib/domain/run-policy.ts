/**
 * How a run names its selection and projection. Files spell them freely ("No-Hint", "no hint", "DefUse",
 * "declaration+doc"); the importer stores one spelling, so the research tables compare like with like and
 * the no-hint baseline is recognised however it was written.
 */

/** The selection (and projection) of a run made without any hint: the policy table's baseline. */
export const NO_HINT = "none";

/** Policy label for runs made on a benchmark's own task statement (no hint policy varied). */
export const OFFICIAL_POLICY = "official";

/** Spellings (after case and separators are normalised) that mean one known name. */
const ALIASES: Record<string, string> = {
  no_hint: NO_HINT,
  no_hints: NO_HINT,
  nohint: NO_HINT,
  nohints: NO_HINT,
  baseline: NO_HINT,
  without_hint: NO_HINT,
  without_hints: NO_HINT,
  def_use: "defuse",
  doc_2_feat: "doc2feat",
  name_only: "name",
  names: "name",
  declarations: "declaration",
  decl: "declaration",
  declaration_and_doc: "declaration_doc",
  declaration_doc: "declaration_doc",
  decl_doc: "declaration_doc",
  declaration_with_doc: "declaration_doc",
};

/** One spelling: trimmed, lower case, runs of spaces, `-`, `_` and `+` as one `_`, known aliases resolved. */
export function normalisePolicyName(text: string): string {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s\-_+]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return Object.hasOwn(ALIASES, key) ? (ALIASES[key] as string) : key;
}

/** Whether a selection means "no hint" (the baseline), however it is spelled. */
export const isNoHint = (selection: string) => normalisePolicyName(selection) === NO_HINT;
