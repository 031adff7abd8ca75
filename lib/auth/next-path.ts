/** An origin no request comes from: paths are resolved against it to see whether they leave the site. */
const PROBE = "http://hintscope.invalid";

/**
 * The path to go to after signing in, if `next` is a path on this site; "/" otherwise. Browsers read `\`
 * as `/` and drop tabs and newlines, so `/\evil.example` and `/\t/evil.example` lead to another host: the
 * path is resolved as a URL against a probe origin and kept only if it stays there.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(next)) return "/";
  let url: URL;
  try {
    url = new URL(next, PROBE);
  } catch {
    return "/";
  }
  if (url.origin !== PROBE) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path === "/sign-in" || path.startsWith("/sign-in?") || path.startsWith("/sign-in/") ? "/" : path;
}
