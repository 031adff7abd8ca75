/** Letters, digits, `_` and `$`: what continues a name in the languages the analysis reads. */
const WORD = /[\p{L}\p{N}_$]/u;
const continuesName = (ch: string | undefined) => ch !== undefined && WORD.test(ch);

/**
 * Where `name` first stands as a whole word in `text` at or after `from` (0-based), or -1: `get` is found in
 * `x.get(`, not in `getter`.
 */
export function wholeWordAt(text: string, name: string, from = 0): number {
  if (name === "") return -1;
  for (let at = text.indexOf(name, from); at >= 0; at = text.indexOf(name, at + 1))
    if (!continuesName(text[at - 1]) && !continuesName(text[at + name.length])) return at;
  return -1;
}
