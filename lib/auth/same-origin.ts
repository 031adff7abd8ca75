/**
 * Cross-site request forgery: a page on another origin (another port of the host, a sibling subdomain: the
 * same "site", so SameSite=Lax cookies go along) must not make a signed-in browser change anything. Every
 * request that can change state is checked against the app's own origin: browsers say where a request
 * comes from in `Sec-Fetch-Site` and `Origin`. A request that says neither is not a browser's (a script
 * with its own cookie) and cannot be forged by a page.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why a request is refused as coming from another origin, or null when it may go on. */
export function crossOriginRefusal(method: string, headers: Headers, appOrigin: string): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const site = headers.get("sec-fetch-site");
  // "none": the user typed the address or used a bookmark.
  if (site !== null && site !== "same-origin" && site !== "none")
    return `a ${site} request may not change anything here`;
  const origin = headers.get("origin");
  if (origin !== null && origin !== appOrigin) return `a request from ${origin} may not change anything here`;
  return null;
}

/**
 * The app's own origin as the browser sees it: the scheme and the `Host` the request was sent to (the URL a
 * server hands over names the address it listens on, which need not be the one the browser used), or behind
 * a trusted reverse proxy the one the proxy says it was asked for (`X-Forwarded-Proto`, `X-Forwarded-Host`).
 */
export function appOriginOf(requestUrl: string, headers: Headers, trustProxy: boolean): string {
  const url = new URL(requestUrl);
  const forwarded = (name: string) => (trustProxy ? headers.get(name)?.split(",")[0]?.trim() : undefined);
  const proto = forwarded("x-forwarded-proto") || url.protocol.replace(/:$/, "");
  const host = forwarded("x-forwarded-host") || headers.get("host") || url.host;
  return `${proto}://${host}`;
}

/**
 * A header only the app's own pages send with an upload: a page on another origin cannot add it without a
 * CORS preflight, which this server never grants; a form cannot add it at all.
 */
export const UPLOAD_HEADER = "x-hintscope-upload";
