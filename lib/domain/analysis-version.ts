/**
 * The version of the identifier analysis. Bump it whenever a change to the engine can change which
 * identifiers an instance has or how they are described: every decision made on an older analysis then
 * shows as stale until a curator re-confirms it (see lib/hint/fingerprint.ts).
 */
export const ANALYSIS_VERSION = "31";
