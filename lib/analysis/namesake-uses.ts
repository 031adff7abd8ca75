import { testsFileOf } from "./import-paths";
import { moduleOfPath } from "./languages/lookup";
import { RESULT_OF } from "./languages/syntax-facts";
import type { PatchDefinition, PatchFacts, PatchUse } from "./patch-facts";

// Which uses each definition keeps where a use only its name ties to several of one side's definitions.

/**
 * The uses of a patch with each qualifier bound to a function's result (`c := NewHTTPClient(…)`) given that
 * function's declared result type, where a definition of either patch declares it (`*HTTPClient`: `c.SendAudit`
 * is HTTPClient's); a result nothing declares leaves the qualifier untold.
 */
export function withResultTypes(facts: PatchFacts, definitions: readonly PatchDefinition[]): PatchFacts {
  const results = new Map<string, string | null>();
  for (const def of definitions) {
    if (def.kind !== "function" || def.signature === null) continue;
    const type = moduleOfPath(def.path)?.uses?.resultType?.(def.signature) ?? null;
    // Two functions of one name that say different things say nothing.
    const known = results.get(def.member);
    results.set(def.member, known === undefined || known === type ? type : null);
  }
  const uses = facts.uses.map((use) => {
    if (!use.qualifierType?.endsWith(RESULT_OF)) return use;
    const { qualifierType, ...rest } = use;
    const type = results.get(qualifierType.slice(0, -RESULT_OF.length));
    return type ? { ...rest, qualifierType: type } : rest;
  });
  return { ...facts, uses };
}

/**
 * Whether a callable can take a call's arguments (unknown counts, rest parameters aside: yes; fewer where its
 * signature gives a parameter a default or makes one optional, TypeScript's `params?: string`).
 */
export const takes = (def: PatchDefinition, use: PatchUse): boolean =>
  use.arity === undefined ||
  // (An overloaded method's declarations, one of which may take the call's arguments.)
  (def.overloads?.some((o) => takes({ ...def, ...o, overloads: undefined }, use)) ?? false) ||
  def.params.length === use.arity ||
  def.params.some((p) => /^\.\.\.|^\*|=/.test(p)) ||
  // (A varargs: Java's `String... names`, C#'s `params int[] items`.)
  /\.\.\.|\bparams\s+\w/.test(def.signature ?? "") ||
  (use.arity < def.params.length && /\?\s*:|=/.test(def.signature ?? ""));

/**
 * How many parameters a callable's signature declares in the list after its name (a method's `self` aside), or
 * undefined where that cannot be read or the first is a receiver (C#'s extension `this string s`).
 */
function declaredCount(member: string, signature: string | null): number | undefined {
  const at = signature ? new RegExp(`\\b${member.replace(/\W/g, "")}\\s*(<[^(]*>)?\\s*\\(`).exec(signature) : null;
  if (!signature || !at) return undefined;
  const list = signature.slice(at.index + at[0].length);
  const parts = [""];
  let depth = 0;
  for (const [i, ch] of [...list].entries()) {
    if (depth === 0 && ch === ")") return counted(parts);
    if (depth === 0 && ch === ",") parts.push("");
    else parts[parts.length - 1] += ch;
    if ("([{<".includes(ch)) depth++;
    // (Not an arrow's `>`: Rust's `Fn(u8) -> u8`, a lambda's `=>`.)
    else if (")]}>".includes(ch) && !(ch === ">" && /[-=]/.test(list[i - 1] ?? ""))) depth--;
  }
  return undefined;
}
/** The parameters a list's parts declare, Rust's `self` aside; undefined where the first is C#'s `this` receiver. */
const counted = (parts: string[]) => {
  const declared = parts.map((p) => p.trim()).filter((p) => p !== "");
  if (/^this\s/.test(declared[0] ?? "")) return undefined;
  return declared.filter((p) => !/^(&\s*('\w+\s+)?)?(mut\s+)?self\b/.test(p)).length;
};

/**
 * Whether a fixed-arity language's call cannot reach a callable: its arguments known, none of the callable's
 * declarations takes them, and each declaration's parameters all read (a pattern the names skip, Rust's `(a, b): (u8,
 * u8)`, leaves the count untold).
 */
const cannotTake = (def: PatchDefinition, use: PatchUse) =>
  use.arity !== undefined &&
  !takes(def, use) &&
  (def.overloads ?? [def]).every((d) => declaredCount(def.member, d.signature) === d.params.length);

const extensionOf = (path: string) => /\.[^./]+$/.exec(path)?.[0] ?? "";
/** A word as a name is spelt in any case (`Client`, `client`, `CLIENT`, `_client`; PHP's `$client`, Ruby's `@client`). */
const word = (name: string) => name.replace(/[_$@]/g, "").toLowerCase();
/** The type's own name, in any case (`tokio.Client` → client). */
const ownWord = (owner: string) => word(owner.split(".").pop() ?? owner);
/** The name an instance method is called through (`self.client.query_one`, `$this->client->…`: client), or null. */
const receiverWord = (use: PatchUse) => (use.qualifier ? word(use.qualifier.split(/\.|->|::/).pop() ?? "") : null);

/**
 * Whether a new field redeclares one its file's pre-image had on another class, which the post-image keeps
 * (domhandler's subclasses' `type: ElementType.Text = …` over Node's `type`, once a constructor's parameter property):
 * a use of that name through an object of untold type is as likely the older member's.
 */
const redeclared = (def: PatchDefinition, own: PatchFacts): boolean =>
  (def.kind === "field" || def.kind === "property") &&
  own.definitions.some(
    (other) =>
      other.status === "changed" &&
      other.path === def.path &&
      other.member === def.member &&
      other.owner !== null &&
      other.owner !== def.owner &&
      (other.kind === "field" || other.kind === "property"),
  );

export type Matched = { def: PatchDefinition; uses: Array<{ use: PatchUse; certain: boolean }> };

/**
 * The uses each definition keeps, of those that matched it. A use only its name ties to a definition (not
 * certain), where several of this side's definitions share that name: the instance's own new definitions are
 * what it most likely means, not a changed namesake; where the using file loads the file of one of those
 * namesakes (a component's test, importing DeviceDetailHeading, passes `saveDeviceName`), that file's, not the
 * other components' Props. A new member whose name the code's pre-image gave another type's member (a field
 * re-homed from `Rule` to a new `Segments`) keeps none: through an object of untold type it may as well be
 * that type's, or any other's.
 */
export function keptUses(
  matched: Matched[],
  own: PatchFacts,
  loads: (from: string, path: string) => boolean,
): Matched[] {
  const newNamesakes = new Set<PatchUse>();
  // (Where a language's calls pass as many arguments as the callable takes, a call reaches only one that takes its
  // arguments: `options.formatJavadoc()` is a getter's call, not the Builder's `formatJavadoc(boolean)`.)
  const fixedArity = (def: PatchDefinition) => moduleOfPath(def.path)?.uses?.fixedArity === true;
  // (A receiver named for one of the namesakes' types, `client.query_one(…)` beside Client's and Transaction's new
  // `query_one`, `$schemeValidator->validate()` beside the `Validator` interface's: that type's. Not a declaration
  // file's type over the implementation's, faker's `proxy.pyi` stub of the Faker proxy beside the provider's
  // `ape_code`: see otherReceiver. Two types the receiver's word names alike, defu's `Defu` interface and its `defu`
  // object, name neither.)
  const namedReceivers = new Map<PatchUse, PatchDefinition | null>();
  for (const { def, uses } of matched)
    for (const { use, certain } of uses) {
      // (An options key's qualifier is the callee, `new Minimatch(p, {windowsNoMagicRoot})`, no receiver.)
      if (!def.owner || (certain && use.kind === "key") || receiverWord(use) !== ownWord(def.owner)) continue;
      const named = namedReceivers.get(use);
      namedReceivers.set(use, named === undefined || named?.owner === def.owner ? def : null);
    }
  const loadedNamesake = new Set<PatchUse>();
  const abstractNamesakes = new Map<PatchUse, PatchDefinition[]>();
  for (const { def, uses } of matched)
    for (const { use, certain } of uses) {
      if (certain) continue;
      if (def.status === "new") newNamesakes.add(use);
      if (loads(use.location.path, def.path)) loadedNamesake.add(use);
      // (An interface's method that takes as many arguments as the call passes.)
      if (def.abstract && def.status === "new" && takes(def, use))
        abstractNamesakes.set(use, [...(abstractNamesakes.get(use) ?? []), def]);
    }
  return matched.map(({ def, uses }) => {
    const rehomed = [...(own.removedMembers?.get(def.member) ?? [])].some((owner) => owner !== def.owner);
    // (Through a receiver named for its class, `team.name` for Team's, the redeclared field keeps its use.)
    const overridden = redeclared(def, own);
    const untoldOverride = (use: PatchUse) =>
      overridden && (def.owner === null || receiverWord(use) !== ownWord(def.owner));
    const elsewhere = (use: PatchUse) => loadedNamesake.has(use) && !loads(use.location.path, def.path);
    // A method that implements an interface's (or a trait's, or an abstract) method the same patch adds takes its
    // name from it: a use by that name alone is the interface's (`ds.UserProps(ctx)`: DataStore's, not SQLStore's).
    // (An interface's method the patch only changes is no hint's; its new implementation keeps the use. So does
    // one the using file loads where it does not load the interface's: a config test's `cfg.Validate()` is its
    // own package's Config's, not another package's Plugin interface's.)
    const from = (use: PatchUse) => use.location.path;
    // (Not through a receiver named for this method's own type, `light_renderer.CancelGetChar()`: see otherReceiver.)
    const implemented = (use: PatchUse) =>
      !def.abstract &&
      def.kind === "method" &&
      namedReceivers.get(use)?.owner !== def.owner &&
      (abstractNamesakes.get(use) ?? []).some(
        (abstract) => !(loads(from(use), def.path) && !loads(from(use), abstract.path)),
      );
    const otherReceiver = (use: PatchUse) => {
      const named = namedReceivers.get(use);
      // (Not in the tests of this one's file: `cache.decr(…)` in test_fanout.py is FanoutCache's, not Cache's.)
      return (
        !!named &&
        named.owner !== def.owner &&
        extensionOf(named.path) === extensionOf(def.path) &&
        !(testsFileOf(from(use), def.path) && !testsFileOf(from(use), named.path))
      );
    };
    const kept = uses.filter(
      ({ use, certain }) =>
        certain ||
        (!elsewhere(use) &&
          !implemented(use) &&
          !otherReceiver(use) &&
          !(fixedArity(def) && cannotTake(def, use)) &&
          (def.status === "new" ? !rehomed && !untoldOverride(use) : !newNamesakes.has(use))),
    );
    return { def, uses: kept };
  });
}
