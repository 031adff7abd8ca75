/** Every keyboard shortcut of the review workspace, as the ? overlay lists them. */
export const SHORTCUTS: Array<[key: string, does: string]> = [
  ["j / k", "next / previous instance in the current list"],
  ["a", "accept the hint as shown"],
  ["t", "trim mode: tick off identifiers and attributes, then accept"],
  ["f", "flag the hint (choose a reason)"],
  ["c", "re-confirm a decision the hint changed under (changed since decided)"],
  ["1 – 4", "projection: Name only, Declaration, Declaration + Doc, Pro"],
  ["/", "search the instance list"],
  ["?", "show or hide this list"],
  ["Esc", "close this list, leave trim or flag mode, and give the keys back from a pane"],
];
