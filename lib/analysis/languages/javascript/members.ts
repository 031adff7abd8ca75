import type { Node } from "web-tree-sitter";
import type { FactCollector } from "../syntax-facts";

// What JavaScript's and TypeScript's declarations say of members and types beyond their own names: the fields
// a constructor makes, the class a binding holds an instance of, the type whose fields an object's keys name.

/** A class's constructor: the fields its statements (`this.x = …`) and its parameter properties declare. */
export function constructorMembers(ctor: Node, owner: string, facts: FactCollector, skip: Set<number>) {
  constructorFields(ctor, owner, facts, skip);
  parameterProperties(ctor, owner, facts);
}

/** A variable declarator: the class its value is an instance of, and the type its object's keys belong to. */
export function declaratorFacts(declarator: Node, facts: FactCollector, skip: Set<number>) {
  bindConstruction(declarator, facts);
  typedObjectKeys(declarator, facts, skip);
}

/**
 * The fields a class's constructor gives its instances (`this.isSphere = true;` among its statements): the
 * class's, as a field declaration would make them (JavaScript declares most fields so).
 */
function constructorFields(ctor: Node, owner: string, facts: FactCollector, skip: Set<number>) {
  for (const statement of ctor.childForFieldName("body")?.namedChildren ?? []) {
    const assignment = statement?.type === "expression_statement" ? statement.namedChildren[0] : null;
    const left = assignment?.type === "assignment_expression" ? assignment.childForFieldName("left") : null;
    const property = left?.type === "member_expression" ? left.childForFieldName("property") : null;
    if (!left || !property || left.childForFieldName("object")?.type !== "this") continue;
    if (property.type !== "property_identifier") continue;
    skip.add(property.id);
    facts.defineImplicitField(statement as Node, property.text, owner);
  }
}

/**
 * TypeScript's parameter properties (`constructor(public readonly infoEvent: MatrixEvent)`): a parameter with
 * a `public` or `readonly` modifier declares a field of the class as well.
 */
function parameterProperties(ctor: Node, owner: string, facts: FactCollector) {
  for (const parameter of ctor.childForFieldName("parameters")?.namedChildren ?? []) {
    if (parameter?.type !== "required_parameter" && parameter?.type !== "optional_parameter") continue;
    const modifiers = parameter.children.filter(
      (child) => child?.type === "accessibility_modifier" || child?.type === "readonly",
    );
    // (A private or protected one is the class's own: nothing outside it can name it.)
    if (modifiers.length === 0 || modifiers.some((m) => m?.text === "private" || m?.text === "protected")) continue;
    const name = parameter.childForFieldName("pattern");
    if (name?.type === "identifier") facts.define(parameter, name.text, owner, "field", null);
  }
}

/**
 * `const parser = new Parser(…)`: parser holds a Parser (what `parser.method()` reaches); `const api: UserApi =
 * new HttpUserApi(…)` holds what its annotation says, a UserApi.
 */
function bindConstruction(declarator: Node, facts: FactCollector) {
  const name = declarator.childForFieldName("name");
  const value = declarator.childForFieldName("value");
  const made = value?.type === "new_expression" ? value.childForFieldName("constructor") : null;
  const annotation = declarator.childForFieldName("type")?.namedChildren[0] ?? null;
  // (Whatever makes it, `const team: Team = await loadTeam(…)` holds a Team; not a list's or a union's element.)
  const plain = annotation?.type === "type_identifier" || annotation?.type === "nested_type_identifier";
  if (name?.type !== "identifier" || !(made || (plain && value))) return;
  const declared = declaredTypeName(annotation);
  facts.bind(declarator, name.text, declared ?? (made as Node).text);
}

/** `new HttpUserApi(fetcher).fetchUser(1)`: the object is an HttpUserApi, made where it is used. */
export function bindMadeObject(object: Node | null, facts: FactCollector) {
  const made = object?.type === "new_expression" ? object.childForFieldName("constructor") : null;
  if (object && made) facts.bind(object, object.text, made.text);
}

/** The type an annotation names, an array's element type for `T[]`: `Device`, `ns.T<X>` → T; else null. */
function declaredTypeName(type: Node | null): string | null {
  if (!type) return null;
  if (type.type === "type_identifier") return type.text;
  if (type.type === "nested_type_identifier") return type.namedChildren.at(-1)?.text ?? null;
  if (type.type === "generic_type" || type.type === "array_type")
    return declaredTypeName(type.namedChildren[0] ?? null);
  return null;
}

/**
 * `const DEVICE_0: Device = { haveLegacyName: true }` (or `: Device[] = [{ … }]`): its keys are the fields of the
 * type it declares, as a typed struct literal's are.
 */
function typedObjectKeys(declarator: Node, facts: FactCollector, skip: Set<number>) {
  const type = declaredTypeName(declarator.childForFieldName("type")?.namedChildren[0] ?? null);
  const value = declarator.childForFieldName("value");
  const objects = value?.type === "object" ? [value] : value?.type === "array" ? value.namedChildren : [];
  if (type) for (const object of objects) if (object?.type === "object") recordKeys(object, type, facts, skip);
}

/** An object literal's keys (`a: 1`, shorthand `b`) as uses of the fields of `type` (or of a call's options: its callee). */
export function recordKeys(object: Node, type: string | null, facts: FactCollector, skip: Set<number>) {
  for (const pair of object.namedChildren) {
    const key =
      pair?.type === "pair"
        ? pair.childForFieldName("key")
        : pair?.type === "shorthand_property_identifier"
          ? pair
          : null;
    if (
      key &&
      (key.type === "property_identifier" || key.type === "shorthand_property_identifier") &&
      facts.countsAt(key)
    ) {
      skip.add(key.id);
      facts.use(key, key.text, "key", type);
    }
    // A nested options object (`ky(url, {retry: {retries: 3}})`): its keys are the fields of the type of the
    // field the outer key names (`retry?: RetryOptions`), qualified `{retry}` for select-identifiers to check.
    const value = pair?.type === "pair" ? pair.childForFieldName("value") : null;
    if (value?.type === "object" && key) recordKeys(value, `{${key.text}}`, facts, skip);
  }
}

/**
 * A module's defaults for its options (`defaults = { origin: '*', … }`, `default_email_options = { … }`): its keys are
 * the options a caller may pass (`cors({ preflightContinue: true })`), fields of that object
 * (`defaults.preflightContinue`), new where the patch adds them. (Not a typed one, `defaultOptions:
 * Partial<ClassTransformOptions> = {…}`: its keys are that type's, see typedObjectKeys.)
 */
export function optionDefaults(declarator: Node, facts: FactCollector, skip: Set<number>) {
  const name = declarator.childForFieldName("name");
  // (`{ … } as const` and `{ … } satisfies Theme` are the object still.)
  let object = declarator.childForFieldName("value");
  if (object?.type === "as_expression" || object?.type === "satisfies_expression")
    object = object.namedChildren[0] ?? null;
  if (name?.type !== "identifier" || object?.type !== "object" || declarator.childForFieldName("type")) return;
  if (/default/i.test(name.text)) defaultsObjectKeys(object, name.text, facts, skip);
}

/**
 * The keys of a module's defaults object, fields of its name (`default_email_options`, or `sanitizeHtml.defaults`
 * for `sanitizeHtml.defaults = { parseStyleAttributes: true, … }`, see readAssignment).
 */
export function defaultsObjectKeys(object: Node, owner: string, facts: FactCollector, skip: Set<number>) {
  for (const pair of object.namedChildren) {
    const key = pair?.type === "pair" ? pair.childForFieldName("key") : null;
    if (!pair || !key || key.type !== "property_identifier") continue;
    skip.add(key.id);
    facts.define(pair, key.text, owner, "field");
  }
}

/** Members of a TypeScript enum: `Low,` and `High = 2,` are `Level.Low` and `Level.High`. */
export function readEnumBody(
  node: Node,
  at: { owner: string | null; inFunction: boolean },
  facts: FactCollector,
  skip: Set<number>,
  visit: (node: Node, owner: string | null, inFunction: boolean) => void,
): void {
  for (const member of node.namedChildren) {
    const name = member?.type === "enum_assignment" ? member.childForFieldName("name") : member;
    if (!member || !name || (name.type !== "property_identifier" && name.type !== "string")) continue;
    skip.add(name.id);
    if (at.owner && !at.inFunction) facts.define(member, name.text.replace(/^["']|["']$/g, ""), at.owner, "constant");
    const value = member.type === "enum_assignment" ? member.childForFieldName("value") : null;
    if (value) visit(value, at.owner, at.inFunction);
  }
}
