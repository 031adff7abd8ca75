const headOf = (file: string, line: number | null, reason: string) =>
  `${file}${line === null ? "" : `:${line}`}: ${reason}`;

/** An input problem, located: `file:line: message`. Every import failure the user can fix is one of these. */
export class ImportError extends Error {
  /** every problem found in the file, this one first (a file is checked to the end, up to MAX_REPORTED) */
  readonly all: readonly ImportError[];
  /** this problem alone, `file:line: reason` (the message lists every problem of the file) */
  readonly head: string;

  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
    others: readonly ImportError[] = [],
  ) {
    // An error that lists others of its own is one place each: said once, never its list again.
    const flat = others.flatMap((e) => e.all);
    super([headOf(file, line, reason), ...flat.map((e) => headOf(e.file, e.line, e.reason))].join("\n"));
    this.name = "ImportError";
    this.head = headOf(file, line, reason);
    this.all = [this, ...flat];
  }

  /** The problems of one file as one error: the first names the place, the message lists them all. */
  static many(errors: readonly ImportError[], stoppedEarly = false): ImportError {
    const [first, ...others] = errors.flatMap((e) => e.all);
    if (!first) throw new Error("ImportError.many needs at least one error");
    const tail = stoppedEarly
      ? [new ImportError(first.file, null, `stopped after ${others.length + 1} problems; fix these and import again`)]
      : [];
    return new ImportError(first.file, first.line, first.reason, [...others, ...tail]);
  }
}

/** How many problems one file reports before the reader stops looking. */
export const MAX_REPORTED = 20;

/** A file whose first record matches no format: its fields, so the user can say which is which (a field map). */
export class UnknownFormatError extends ImportError {
  constructor(
    file: string,
    line: number | null,
    reason: string,
    readonly fields: readonly string[],
  ) {
    super(file, line, reason);
    this.name = "UnknownFormatError";
  }
}
