// What a member reached through a JavaScript module's object is: that module's name, where the module says.
import { fileStem, importLoadsFile, resolveRelative } from "./import-paths";
import type { PatchDefinition, PatchUse } from "./patch-types";

/** A JavaScript or TypeScript file. */
const SCRIPT_FILE = /\.[cm]?[jt]sx?$/;

/** The globals named in capitals: `JSON.parse` is no `json.js`'s `parse`, `URL.parse` no `url.js`'s. */
const SCRIPT_GLOBALS = new Set(["JSON", "URL", "CSS", "DOM"]);

/**
 * Through a module's namespace (`mod.default` after `import * as mod from "../src/lite"`): a name the module
 * exports, capitalised alias or not (`React.useState`); a type's member only in a file under the module's folder.
 * Through an upper-case name that is a JavaScript file's stem, its require line above the hunk (`Q.nfapply` of
 * `q.js`; not `Queue.create`, a class's own): the file's top-level names. Undefined where neither says anything.
 */
export function moduleObjectReaches(use: PatchUse, def: PatchDefinition): boolean | undefined {
  if (use.viaModule !== undefined) {
    const loaded = importLoadsFile(use.viaModule, use.location.path, def.path);
    if (!def.owner && loaded && use.kind !== "key") return true;
    if (def.owner && !loaded && !underModule(use.viaModule, use.location.path, def.path)) return false;
    return undefined;
  }
  if (
    !def.owner &&
    use.qualifier !== null &&
    /^[A-Z][A-Z0-9]*$/.test(use.qualifier) &&
    !SCRIPT_GLOBALS.has(use.qualifier) &&
    SCRIPT_FILE.test(def.path) &&
    use.qualifier.toLowerCase() === fileStem(def.path).toLowerCase() &&
    (use.kind === "call" || use.kind === "attribute")
  )
    return true;
  return undefined;
}

/** Whether a file lies under the folder a relative module names from its user (`../src/user` → `src/user/…`). */
function underModule(module: string, from: string, path: string): boolean {
  if (!module.startsWith(".")) return true;
  const folder = resolveRelative(from, module);
  return folder === "" || path.startsWith(`${folder}/`);
}
