import path from "node:path";

/** The real benchmark records committed for the tests (provenance and licences in its README). */
export const REAL_DATA = path.join(process.cwd(), "lib", "testing", "real-data");
