/**
 * Failures of what Hintscope stands on (the database gone, the disk full, a write past its time limit),
 * translated at the edge into what happened, in the user's words, instead of a driver's raw message. Null for
 * anything else (a fault, thrown on as it is).
 */
export interface InfrastructureFailure {
  /** what happened, as a sentence for the person */
  what: string;
  /** the driver's own first line, kept for whoever reads a log */
  detail: string;
}

const KINDS: Array<{ test: RegExp; what: string }> = [
  {
    test: /Can't reach database server|ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection due to administrator command|\b57P0[123]\b|\bP1001\b|\bP1017\b|Server has closed the connection|connection (?:is )?closed/i,
    what: "the database stopped answering (is the server running, and reachable?)",
  },
  {
    test: /database or disk is full|SQLITE_FULL|ENOSPC|No space left on device|could not extend file|\b53100\b/i,
    what: "the disk is full (free some space and try again)",
  },
  {
    test: /\bP2028\b|Transaction API error|Transaction already closed|timeout for this transaction/i,
    what: "a write took longer than its time limit (the machine or the database is overloaded)",
  },
  {
    test: /SQLITE_BUSY|database is locked/i,
    what: "the database was locked by another writer for too long",
  },
];

/** The error and its causes, as text: Prisma wraps the driver's error, whose message names the fault. */
function texts(error: unknown): string[] {
  const out: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) {
      out.push(current.message, String((current as { code?: unknown }).code ?? ""));
      current = (current as { cause?: unknown }).cause;
    } else {
      out.push(String(current));
      break;
    }
  }
  return out;
}

export function infrastructureFailure(error: unknown): InfrastructureFailure | null {
  const all = texts(error).join("\n");
  const kind = KINDS.find((k) => k.test.test(all));
  if (!kind) return null;
  const first =
    all
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "")
      .find((l) => kind.test.test(l)) ?? "";
  return { what: kind.what, detail: first.slice(0, 200) };
}
