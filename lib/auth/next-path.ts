/** An origin no request comes from: paths are resolved against it to see whether they leave the site. */
const PROBE = "http://hintscope.invalid";
/** Longer than any page's address with its query; a longer `next` is no page of this site. */
const NEXT_MAX_LENGTH = 4096;

/** Every valid `%XX` decoded once (a lone `%` kept, as a browser keeps it); never throws. */
const decodeOnce = (value: string) =>
  value.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * The path `value` resolves to on this site (dot segments, `%2e`, `\`, tabs and newlines read as a browser
 * reads them), or null where it leads elsewhere: to another origin, or to a path that starts with `//` and
 * so names another host wherever it is written back as a Location or an href (`/.//host/x` → `//host/x`).
 */
function resolveOnSite(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The path to go to after signing in, if `next` is a path on this site; "/" otherwise. The path is
 * normalised first (resolved as a URL against a probe origin), then judged: it must stay on the site, and
 * so must every decoding of it (`%2F`, `%5C`, `%252e`…), so that no router or proxy that decodes once more
 * can turn it into another host.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length > NEXT_MAX_LENGTH) return "/";
  if (!next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(next)) return "/";
  const path = resolveOnSite(next);
  if (path === null) return "/";
  // Each decoding shortens the text, so this ends; every layer must stay on the site.
  for (let layer = decodeOnce(path), previous = path; layer !== previous; previous = layer, layer = decodeOnce(layer)) {
    if (resolveOnSite(layer) === null) return "/";
  }
  return path === "/sign-in" || path.startsWith("/sign-in?") || path.startsWith("/sign-in/") ? "/" : path;
}
