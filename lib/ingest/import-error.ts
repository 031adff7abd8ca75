/** An input problem, located: `file:line: message`. Every import failure the user can fix is one of these. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(`${file}${line === null ? "" : `:${line}`}: ${reason}`);
    this.name = "ImportError";
  }
}
