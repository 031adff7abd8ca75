import { createHash } from "node:crypto";
import { hintSourceHash } from "../hint/fingerprint";
import type { InstanceData } from "./import-items";

/** Bump when normalisation changes, so that re-importing the same files updates what they normalise to. */
const NORMALISATION_VERSION = "1";

/**
 * The content hash of an instance. Its normalised fields are a function of the original record, its format
 * and the normalisation code, so hashing those (not the patches twice over) is enough and twice as fast.
 */
function hashInstance(format: string, originalText: string): string {
  return createHash("sha256")
    .update(`${NORMALISATION_VERSION}\u0000${format}\u0000`)
    .update(originalText)
    .digest("hex");
}

/** What the writer derives from an instance record: its original text and the two hashes. */
export interface PreparedInstance {
  originalText: string;
  contentHash: string;
  hintSource: string;
}

/** Derives an instance record's text and hashes (pure CPU): done ahead, where a file is read before the write lock. */
export function prepareInstance(format: string, data: InstanceData): PreparedInstance {
  const originalText = JSON.stringify(data.original);
  return { originalText, contentHash: hashInstance(format, originalText), hintSource: hintSourceHash(data) };
}

/** Records prepared ahead (a file read before the write lock): the writer takes their work as done. */
const preparedAhead = new WeakMap<InstanceData, PreparedInstance>();

/** Prepares a record now, for the writer to take later (see preparedInstance). */
export const keepPrepared = (format: string, data: InstanceData) =>
  preparedAhead.set(data, prepareInstance(format, data));

/** A record's text and hashes: as prepared ahead, or made now. */
export const preparedInstance = (format: string, data: InstanceData): PreparedInstance =>
  preparedAhead.get(data) ?? prepareInstance(format, data);

/** The columns an instance row is written with (but its benchmark, import times and id), from its record. */
export function instanceValues(format: string, demo: boolean, data: InstanceData) {
  const { original, failToPass, passToPass, ...fields } = data;
  const { originalText, contentHash, hintSource } = preparedInstance(format, data);
  return {
    ...fields,
    failToPass: JSON.stringify(failToPass),
    passToPass: JSON.stringify(passToPass),
    original: originalText,
    contentHash,
    hintSource,
    sourceFormat: format,
    isDemo: demo,
    // A new or changed instance waits for the identifier analysis.
    analysisStatus: "pending",
  };
}
