import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Load these from node_modules at run time instead of bundling them: a native addon, WebAssembly
  // runtimes that find their .wasm files next to themselves, and piscina, which starts its worker thread
  // from a file beside itself.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "pg",
    "@prisma/adapter-pg",
    "web-tree-sitter",
    "piscina",
  ],
  poweredByHeader: false,
  // forbidden() answers a page a role may not see with 403 (app/forbidden.tsx), not 200 and a notice.
  // A server action's body: up to 1 MB by default; a kept pick (keepPickAction) carries up to 20,000 ids of up
  // to 300 characters.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "8mb" } },
  // Every response: a Content-Security-Policy that still lets the bundled Monaco run (its scripts and
  // workers come from this origin; it injects styles), no framing, no MIME sniffing, no referrer abroad.
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

export const SECURITY_HEADERS = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      // Next's hydration is inline script; nothing is loaded from elsewhere.
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
];

export default nextConfig;
