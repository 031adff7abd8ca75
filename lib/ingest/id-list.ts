import { readFile } from "node:fs/promises";
import { ImportError } from "./import-error";

/**
 * An id list, as benchmarks publish their subsets: a JSON array of ids (FEA-Bench's lite list), a JSON
 * object holding one (`{"ids": […]}`, `{"instance_ids": […]}`), or a text file of one id per line. Throws
 * ImportError naming the file and the line (or the element) that is not an id.
 */
export async function readIdList(file: string): Promise<string[]> {
  const text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
  const trimmed = text.trim();
  if (trimmed === "") throw new ImportError(file, null, "the file is empty: an id list holds one id or more");
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new ImportError(file, null, `not JSON: ${(error as Error).message}`);
    }
    const list = Array.isArray(value)
      ? value
      : (["ids", "instance_ids", "instances"] as const)
          .map((key) => (value as Record<string, unknown>)[key])
          .find(Array.isArray);
    if (!Array.isArray(list)) throw new ImportError(file, null, 'expected a JSON array of ids, or {"ids": […]}');
    return list.map((id, index) => {
      if (typeof id === "string" && id.trim() !== "") return id.trim();
      if (typeof id === "number" && Number.isInteger(id)) return String(id);
      throw new ImportError(file, null, `element ${index} is ${JSON.stringify(id)}, not an instance id`);
    });
  }
  return text.split(/\r?\n/).flatMap((line, index) => {
    const id = line.trim();
    if (id === "" || id.startsWith("#")) return [];
    if (/\s/.test(id)) throw new ImportError(file, index + 1, `"${id}" is not an instance id (it holds spaces)`);
    return [id];
  });
}
