import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Load these from node_modules at run time instead of bundling them: a native addon, and WebAssembly
  // runtimes that find their .wasm files next to themselves.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "web-tree-sitter"],
  poweredByHeader: false,
};

export default nextConfig;
