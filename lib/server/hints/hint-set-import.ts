import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { firstProblem, type HintLine, ManifestSchema, parseLine } from "../../export/hint-lines";
import { AppError } from "../app-error";
import { bulkTarget, type Database, writeTurn } from "../db/client";
import { transactionTimeouts } from "../db/transactions";
import { insertVersionLines, type StoredLine, storedLine } from "./hint-set-lines";

/** Imports an exported hint set (a colleague's, say): checks the manifest's checksum, then stores it as a version. */
export async function importHintSet(db: Database, jsonlPath: string, name?: string) {
  const manifestPath = jsonlPath.replace(/\.jsonl$/, ".manifest.json");
  const read = async (file: string, what: string) => {
    try {
      return await readFile(file, "utf8");
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT")
        throw new AppError("bad_request", `${file}: no such file (${what})`);
      throw error;
    }
  };
  const text = await read(jsonlPath, "the hint set's lines");
  const manifestText = await read(manifestPath, "its manifest, written beside the JSONL by every export");
  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch (error) {
    throw new AppError("bad_request", `${manifestPath}: not valid JSON (${(error as Error).message})`);
  }
  const checked = ManifestSchema.safeParse(raw);
  if (!checked.success)
    throw new AppError(
      "bad_request",
      `${manifestPath}: not a Hintscope hint-set manifest: ${firstProblem(checked.error)}`,
    );
  const manifest = checked.data;
  const sha256 = createHash("sha256").update(text).digest("hex");
  if (sha256 !== manifest.sha256)
    throw new AppError(
      "bad_request",
      `${jsonlPath}: checksum ${sha256} does not match the manifest's ${manifest.sha256}`,
    );
  // Each line checked and kept as written; an instance has one line in a version.
  const lines: StoredLine[] = [];
  const lineOf = new Map<string, number>();
  text.split("\n").forEach((lineText, index) => {
    if (lineText === "") return;
    let line: HintLine;
    try {
      line = parseLine(lineText);
    } catch (error) {
      throw new AppError("bad_request", `${jsonlPath}:${index + 1}: ${(error as Error).message}`);
    }
    for (const key of ["benchmark", "selection", "projection"] as const) {
      if (line[key] !== manifest[key])
        throw new AppError(
          "bad_request",
          `${jsonlPath}:${index + 1}: field "${key}" is "${line[key]}", the manifest's is "${manifest[key]}"`,
        );
    }
    const first = lineOf.get(line.instance_id);
    if (first !== undefined)
      throw new AppError(
        "bad_request",
        `${jsonlPath}:${index + 1}: instance "${line.instance_id}" has a line already (line ${first}); a version holds one per instance`,
      );
    lineOf.set(line.instance_id, index + 1);
    // Kept as written, with what publishing stores beside it.
    lines.push({ ...storedLine(line), line: lineText });
  });
  const setName = name ?? manifest.name;
  return writeTurn(db)(() =>
    db.$transaction(
      async (tx) => {
        const set =
          (await tx.hintSet.findUnique({ where: { name: setName } })) ??
          (await tx.hintSet.create({
            data: {
              name: setName,
              benchmark: manifest.benchmark,
              selection: manifest.selection,
              projection: manifest.projection,
            },
          }));
        const latest = await tx.hintSetVersion.findFirst({
          where: { hintSetId: set.id },
          orderBy: { version: "desc" },
        });
        const version = manifest.version && !latest ? manifest.version : (latest?.version ?? 0) + 1;
        const created = await tx.hintSetVersion.create({ data: { hintSetId: set.id, version, publishedBy: "import" } });
        await insertVersionLines(bulkTarget(db, tx), created.id, lines);
        return created;
      },
      transactionTimeouts({ rows: 1, msPerRow: 0 }),
    ),
  );
}
