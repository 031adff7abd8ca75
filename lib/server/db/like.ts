/** `LIKE` text for "contains `needle`": the needle's own %, _ and \ are literal (with `ESCAPE '\'`). */
export const likeContaining = (needle: string) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
