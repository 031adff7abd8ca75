/** Types of cli-bundle.mjs (plain JavaScript, so that `npm run hints` reads it without compiling). */
export const ROOT: string;
export const CLI_BUNDLE_DIR: string;
export function freshCliBundle(dir?: string): string | null;
export function buildCliBundle(options?: { dir?: string; force?: boolean }): Promise<string>;
