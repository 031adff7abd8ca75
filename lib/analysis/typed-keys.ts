// Whose a key or a keyword argument is: an options object's keys (`dotenv.apply(process.env, source, { debug: true
// })`) name fields of the type the called function declares for it, where a patch declares that function, not any
// new type's field of that name; a keyword names the called type's field or the called function's parameter.
import { calleeNames } from "./match-uses";
import type { PatchDefinition, PatchUse } from "./patch-types";

const CALLABLE_KINDS = new Set(["function", "constructor"]);

/** The type names a declaration's parameter list writes (`options?: DotenvConfigOptions` → DotenvConfigOptions). */
function parameterTypes(signature: string): string[] {
  const open = signature.indexOf("(");
  const close = signature.lastIndexOf(")");
  if (open < 0 || close <= open) return [];
  const list = signature.slice(open + 1, close);
  return [...list.matchAll(/:\s*([^,=]+)/g)].flatMap((m) => (m[1] ?? "").match(/\b[A-Z][\w$]*/g) ?? []);
}

/**
 * Whether a key is surely some other type's: the call it stands in (`apply`) is declared in a patch with typed
 * parameters, and none of those types (nor a type alias or interface of the patch they name, one level) is the
 * field's owner. (`new Ajv({ validateFormats })`, `constructor(opts: Options)` with `type Options =
 * CurrentOptions & …`, keeps CurrentOptions's.)
 */
export function keyOfOtherType(use: PatchUse, def: PatchDefinition, definitions: readonly PatchDefinition[]): boolean {
  if (use.kind !== "key" || def.kind !== "field" || !def.owner || !use.qualifier || use.qualifier.startsWith("{"))
    return false;
  const called = use.qualifier.split(".").pop();
  // The one declaration the call can mean: a function of that name, or the constructor of a class of it (`new
  // Server({…})`); a method's name may be any class's (`Repo.create` is no `client.create`), so none is read.
  const declared = definitions.filter(
    (d) =>
      CALLABLE_KINDS.has(d.kind) &&
      ((d.kind === "function" && d.member === called) ||
        (d.kind === "constructor" && d.owner?.split(".").pop() === called)),
  );
  // (A JavaScript body beside its `.d.ts` declaration says no types: the typed one is the one.)
  // (A function whose body alone changes is declared on git's hunk header: `export function QueryParam(name:
  // string, options?: ParamOptions): Function {`.)
  const typed = declared.filter((d) =>
    d.signature !== null ? d.signature.includes(":") : parameterTypes(d.header ?? "").length > 0,
  );
  const declaration = typed.length === 1 ? typed[0] : undefined;
  const written = declaration?.signature ?? declaration?.header;
  if (!written) return false;
  const types = new Set(parameterTypes(written));
  if (types.size === 0) return false;
  for (const d of definitions)
    if ((d.kind === "type" || d.kind === "interface") && types.has(d.member))
      for (const named of d.signature?.match(/\b[A-Z][\w$]*/g) ?? []) types.add(named);
  return !types.has(def.owner.split(".").pop() as string);
}

/**
 * A nested options object's key (`{retry: {retries: 3}}`, qualified `{retry}`) names a field of the type the outer
 * key's field is declared with, where the patch declares one so (`retry?: RetryOptions | number`), no other.
 */
export function nestedKeyTyped(use: PatchUse, def: PatchDefinition, definitions: readonly PatchDefinition[]): boolean {
  const outer = use.kind === "key" ? /^\{(\w+)\}$/.exec(use.qualifier ?? "")?.[1] : undefined;
  if (outer === undefined) return true;
  const owner = def.owner?.split(".").pop();
  return (
    owner !== undefined &&
    definitions.some((d) => d.member === outer && new RegExp(`\\b${owner}\\b`).test(d.signature ?? ""))
  );
}

/**
 * A keyword argument of a call of a type the patch gives a field of that name (`SettingsConfigDict(env_ignore_empty=
 * True)`, a TypedDict's): that field's, not another class's constructor parameter it might be passed on to.
 */
export function keywordOfCalledType(
  use: PatchUse,
  def: PatchDefinition,
  definitions: readonly PatchDefinition[],
): boolean {
  if (use.kind !== "keyword" || def.kind !== "parameter" || use.qualifier === null) return false;
  const called = use.qualifier.split(".").pop();
  // (Not the called type's own constructor's: PHP's `new PasswordStrength(minScore: 3)` passes `__construct`'s.)
  return (
    !calleeNames(def.owner).includes(called ?? "") &&
    definitions.some((d) => d.kind === "field" && d.member === use.name && d.owner?.split(".").pop() === called)
  );
}

/**
 * A keyword argument of a call of a function the using patch defines itself (pyflakes' test harness `flakes(…,
 * filename=filename)`): that function's, not another's constructor parameter a factory might pass it on to.
 */
export function keywordOfOwnCallee(use: PatchUse, def: PatchDefinition, users: readonly PatchDefinition[]): boolean {
  if (use.kind !== "keyword" || def.kind !== "parameter" || use.qualifier === null) return false;
  const called = use.qualifier.split(".").pop();
  return (
    !calleeNames(def.owner).includes(called ?? "") &&
    users.some((d) => (d.kind === "function" || d.kind === "method") && d.member === called)
  );
}
