import type { Node } from "web-tree-sitter";
import { type FactCollector, lastSegment } from "../syntax-facts";

// What a Python call's arguments name beyond themselves: an attribute a test replaces by string, a function it
// hands on with keywords for another to call.

/** The calls that name an attribute to replace by a string: pytest's `monkeypatch.setattr`, `mock.patch(…)`. */
const PATCHING_CALLS = new Set(["setattr", "delattr", "patch", "object"]);

/**
 * A name a test replaces, given as a string (`monkeypatch.setattr(webenginesettings, "default_qt_profile", f)`,
 * `monkeypatch.setattr("openlibrary.fastapi.lists.get_list_subjects", f)`, `mock.patch("a.b.c")`,
 * `patch.object(Cls, "name")`): a use of that attribute of that object or module, as `obj.name` would be.
 */
export function patchTargetUse(callee: string | undefined, args: Node | null, facts: FactCollector) {
  if (!callee || !PATCHING_CALLS.has(lastSegment(callee)) || !args) return;
  const [first, second] = args.namedChildren.filter((a): a is Node => a !== null && a.type !== "keyword_argument");
  const text = (node: Node | undefined) =>
    node?.type === "string" && !node.namedChildren.some((c) => c?.type === "interpolation")
      ? node.text.replace(/^[a-zA-Z]*(['"]{1,3})([\s\S]*)\1$/, "$2")
      : null;
  // `setattr(obj, "name", …)` / `patch.object(obj, "name")`: the object, then the attribute's name.
  const name = text(second);
  if (first && first.type !== "string" && name && /^[A-Za-z_]\w*$/.test(name)) {
    facts.use(second as Node, name, "attribute", first.text);
    facts.markPatched();
    return;
  }
  // `setattr("pkg.module.name", …)` / `patch("pkg.module.name")`: a dotted path, its last part the attribute.
  const path = text(first);
  const dotted = path ? /^([A-Za-z_][\w.]*)\.([A-Za-z_]\w*)$/.exec(path) : null;
  if (first && dotted) {
    facts.use(first, dotted[2] as string, "attribute", dotted[1] as string);
    facts.markPatched();
  }
}

/** The names a call's string arguments give: a patched attribute, a requested fixture. */
export function namesInStrings(callee: string | undefined, args: Node | null, facts: FactCollector) {
  patchTargetUse(callee, args, facts);
  fixtureValueUse(callee, args, facts);
}

/** `request.getfixturevalue("django_db_serialized_rollback")`: a request of the fixture of that name, as a parameter is. */
function fixtureValueUse(callee: string | undefined, args: Node | null, facts: FactCollector) {
  if (!callee || lastSegment(callee) !== "getfixturevalue" || !args) return;
  const first = args.namedChildren[0];
  const name = first?.type === "string" ? /^(['"])([A-Za-z_]\w*)\1$/.exec(first.text)?.[2] : undefined;
  if (first && name) facts.use(first, name, "name", null);
}

/**
 * The function a call hands on to be called with its keywords (`ctx.invoke(memory, paths=paths, _return_db=True)`,
 * `ctx.invoke(cli.commands["memory"], return_db=True)`, `partial(memory, return_db=True)`): its first positional
 * argument, as a name, an attribute's last part or a string key; else null.
 */
function forwardedFunction(args: Node | null): string | null {
  const first = args?.namedChildren.find((a): a is Node => a !== null && a.type !== "comment");
  if (!first || first.type === "keyword_argument" || !args?.namedChildren.some((a) => a?.type === "keyword_argument"))
    return null;
  if (first.type === "identifier") return first.text;
  if (first.type === "attribute") return first.childForFieldName("attribute")?.text ?? null;
  const key = first.type === "subscript" ? first.childForFieldName("subscript") : null;
  const name = key?.type === "string" ? /^(['"])([A-Za-z_]\w*)\1$/.exec(key.text)?.[2] : undefined;
  return name ?? null;
}

/**
 * A call's keyword arguments, each a use of the callee's parameter of its name; and of the function the call hands
 * on (see forwardedFunction): `ctx.invoke(cli.commands["memory"], return_db=True)` names `memory`'s `return_db`.
 */
export function keywordUses(args: Node | null, callee: string | undefined, facts: FactCollector) {
  const forwarded = forwardedFunction(args);
  for (const arg of args?.namedChildren ?? []) {
    const key = arg?.type === "keyword_argument" ? arg.childForFieldName("name") : null;
    if (!key) continue;
    facts.use(key, key.text, "keyword", callee ? lastSegment(callee) : null);
    if (forwarded) facts.use(key, key.text, "keyword", forwarded);
  }
}
