// Go: the name a package goes by where an import writes no alias.

/**
 * The name Go code refers to an imported package by where it writes no alias (goimports' rule): the path's last
 * element, the one before it where that is a major version (`jwt/v5` → `jwt`), without a `go-` prefix, cut at
 * the first character a name cannot hold (`yaml.v3` → `yaml`, `go-isatty` → `isatty`).
 */
export function goPackageName(importPath: string): string {
  const parts = importPath.split("/").filter(Boolean);
  let base = parts.at(-1) ?? importPath;
  if (/^v\d+$/.test(base) && parts.length > 1) base = parts.at(-2) as string;
  base = base.replace(/^go-/, "");
  return /^[A-Za-z0-9_]*/.exec(base)?.[0] ?? base;
}
