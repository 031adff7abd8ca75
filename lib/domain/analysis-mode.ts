/**
 * Whether an instance's analysis read whole files (exact, from the repository store at its base commit) or
 * only the patches' hunks (approximate), and why, in words for the instance page and the list.
 */
export function analysisModeText(approximate: boolean, reason: string | null): string {
  if (!approximate) return "exact";
  const why =
    reason === null || reason === "no repository store"
      ? "no repository store is set (HINTSCOPE_REPOS)"
      : reason === "no repository"
        ? "the repository is not in the store"
        : reason === "commit not present"
          ? "the store's repository lacks the base commit"
          : reason;
  return `approximate (hunks only: ${why})`;
}
