// The label reader of the DefUse bench: a labels.json file (an array) or a folder of per-instance label files,
// read from committed labels in the defuse-dev format (the C# hand labels of lib/testing/real-data/csharp/).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REAL_DATA } from "../testing/real-data";
import { bareKey, kindsAgree, labelOwner, signatureCounts, signaturesAgree } from "./defuse-label-attributes";
import { ambiguousNames, type DefuseLabel, labelKey, readLabels } from "./defuse-labels";

describe("DefUse bench labels", () => {
  const file = path.join(REAL_DATA, "csharp", "newtonsoft-json-labels.json");
  const dev = () => JSON.parse(readFileSync(file, "utf8")) as DefuseLabel[];
  const folder = mkdtempSync(path.join(tmpdir(), "defuse-labels-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("reads a labels.json array as before", () => {
    expect(readLabels(file).map((l) => l.instance_id)).toEqual(dev().map((l) => l.instance_id));
  });

  it("reads a folder of one-label files and array files, every label once, in file-name order", () => {
    const [first, second, third] = dev();
    writeFileSync(path.join(folder, `b-${first?.instance_id}.json`), JSON.stringify(first));
    writeFileSync(path.join(folder, "a-pair.json"), JSON.stringify([second, third]));
    writeFileSync(path.join(folder, "README.md"), "not a label");
    const labels = readLabels(folder);
    expect(labels.map((l) => l.instance_id)).toEqual([second?.instance_id, third?.instance_id, first?.instance_id]);
    expect(labels[2]?.defuse).toEqual(first?.defuse);
  });
});

describe("DefUse bench keys", () => {
  it("scores a qualified name by its last two segments, PHP's and Rust's `::` a separator as the dot is", () => {
    expect(labelKey("FactoryImmutable::now")).toBe("FactoryImmutable.now");
    expect(labelKey("Creator::make.timezone")).toBe("make.timezone");
    expect(labelKey("XmlMapper.Builder.xmlTagProcessor")).toBe("Builder.xmlTagProcessor");
    // A CommonJS export, as a labeller copies `exports.text = …`, is the module's name.
    expect(labelKey("exports.text")).toBe("text");
    // A constructor is its class's namesake, however spelt (a label's `Zone.Zone`); a method named so is not one.
    expect(labelKey("org.xbill.Zone.constructor", "constructor")).toBe("Zone.Zone");
    expect(labelKey("Zone.Zone", "method")).toBe("Zone.Zone");
    expect(labelKey("Emitter.constructor", "method")).toBe("Emitter.constructor");
    expect(labelKey("module.exports.raw")).toBe("raw");
    expect(labelKey("describe.only")).toBe("describe.only");
    // A constructor's keyword parameter is its class's, spelt through the constructor or not.
    expect(labelKey("FloatConverter.__init__.finite")).toBe("FloatConverter.finite");
    expect(labelKey("Ky.constructor.searchParams")).toBe("Ky.searchParams");
    expect(labelKey("GeneratorError.initialize.invalid_object")).toBe("GeneratorError.invalid_object");
    expect(labelKey("Cell.__construct.column")).toBe("Cell.column");
    // (Python's `__new__` makes the instance too: respx's `SetCookie.__new__(cls, name, value, *, path=None, …)`.)
    expect(labelKey("SetCookie.__new__.same_site")).toBe("SetCookie.same_site");
    expect(labelKey("Config.__init__")).toBe("Config.__init__");
  });

  it("scores bare names by their last segment and files by their path", () => {
    expect(bareKey("Gson.FutureTypeAdapter.delegate")).toBe("delegate");
    expect(bareKey("src/hooks/useWindowWidth.ts", "file")).toBe("src/hooks/useWindowWidth.ts");
  });

  it("reads the owner a label states from its qualified name", () => {
    expect(labelOwner({ name: "XmlMapper.Builder.xmlTagProcessor", kind: "method" })).toBe("XmlMapper.Builder");
    expect(labelOwner({ name: "setEnvFlags", kind: "function" })).toBeNull();
    expect(labelOwner({ name: "Tokens::BLOCK_TYPE_COMPLEX_STRING_VARIABLE", kind: "constant" })).toBe("Tokens");
    expect(labelOwner({ name: "packages/util/chunk.ts", kind: "file" })).toBeNull();
  });

  it("measures signatures of callables only, and a label copying one of the overloads the tool states agrees", () => {
    // remeda's flatMapToObj: the tool states its data-first and data-last overloads, the labeller copied the first.
    const tool =
      "mapToObj<T>(array: readonly T[], fn: (e: T) => [K, V]): Record<K, V>\nmapToObj<T>(fn: (e: T) => [K, V]): (array: readonly T[]) => Record<K, V>";
    expect(
      signaturesAgree("export function mapToObj<T>(array: readonly T[], fn: (e: T) => [K, V]): Record<K, V>", tool),
    ).toBe(true);
    expect(signaturesAgree("mapToObj<T>(array: T[], fn: (e: T) => [K, V]): Record<K, V>", tool)).toBe(false);
    expect(signaturesAgree("f(a, b); f(a)", "f(a, b)")).toBe(false);
    expect(
      signaturesAgree(
        "pub fn get<const N: usize>(keys: [usize; N]) -> [T; N]",
        "pub fn get<const N: usize>(keys: [usize; N]) -> [T; N]",
      ),
    ).toBe(true);
    // A labeller's `export const` line is the binding's; its `async` is the signature's; a pointer's spaces are none.
    expect(signaturesAgree("export const field = <T>(name: T): R<T>", "field = <T>(name: T): R<T>")).toBe(true);
    expect(signaturesAgree("export const field = <T>(name: T): R<T>", "other = <T>(name: T): R<T>")).toBe(false);
    expect(signaturesAgree("async run(x)", "run(x)")).toBe(false);
    expect(signaturesAgree("const char *get(const struct uri *u)", "const char * get(const struct uri *u)")).toBe(true);
    expect(signaturesAgree("const char *get(const struct uri *u)", "const char *get(struct uri *u)")).toBe(false);
    // What a labeller copies beyond the declaration (a body, a macro's replacement, an assignment's target) and what
    // the tool states of it beyond the labeller's copy (a where clause, annotations) leave one declaration.
    expect(
      signaturesAgree(
        "void erase_fast(iterator pos) { return m_ht.erase_fast(pos); }",
        "void erase_fast(iterator pos)",
      ),
    ).toBe(true);
    expect(signaturesAgree("#define F(a,n) memset(a,'\\0',n)", "#define F(a,n)")).toBe(true);
    expect(signaturesAgree("Multer.prototype.none = function ()", "none()")).toBe(true);
    expect(signaturesAgree("proto.weeks = function (week = null)", "weeks(week)")).toBe(false);
    expect(signaturesAgree("pub fn f<I>(x: I) -> R", "pub fn f<I>(x: I) -> R where I: Into<C>")).toBe(true);
    expect(signaturesAgree("public static M<S> blank()", "@Factory public static M<S> blank()")).toBe(true);
    expect(signaturesAgree("public static M<S> blank()", "@Factory public static M<S> blank(int n)")).toBe(false);
    expect(signaturesAgree("f(a)", null)).toBe(false);
    expect(
      signatureCounts({ name: "Level", kind: "type", signature: "export const enum Level { None = 0 }" }, "type"),
    ).toBe(false);
    expect(
      signatureCounts({ name: "Compiler", kind: "class", signature: "class Compiler < Types::Compiler" }, "class"),
    ).toBe(false);
    expect(signatureCounts({ name: "invert", kind: "function", signature: "invert(object)" }, "function")).toBe(true);
    expect(signatureCounts({ name: "invert", kind: "function", signature: null }, "function")).toBe(false);
  });

  it("takes a labeller's kind for the tool's where both name one thing: a struct a type or a class, a field a property", () => {
    expect(kindsAgree("type", "struct")).toBe(true);
    expect(kindsAgree("class", "struct")).toBe(true);
    expect(kindsAgree("property", "field")).toBe(true);
    expect(kindsAgree("variable", "constant")).toBe(true);
    expect(kindsAgree("type", "class")).toBe(false);
    expect(kindsAgree("class", "module")).toBe(false);
    expect(kindsAgree("function", "method")).toBe(false);
    expect(kindsAgree("enum_value", "constant")).toBe(true);
    expect(kindsAgree("macro", "function")).toBe(true);
    expect(kindsAgree("macro", "variable")).toBe(false);
    expect(kindsAgree("macro", "constant")).toBe(true);
  });
});

it("an ambiguous entry that lists several names (round 77's labels) leaves each out, and a path stays whole", () => {
  expect(ambiguousNames("FastBase58Encoding, NewAlphabet")).toEqual(["FastBase58Encoding", "NewAlphabet"]);
  expect(ambiguousNames("CurveKeyPair.Seed / CurveKeyPair.PublicKey (and ckp.Seed/ckp.PublicKey)")).toEqual([
    "CurveKeyPair.Seed",
    "CurveKeyPair.PublicKey",
    "ckp.Seed",
    "ckp.PublicKey",
  ]);
  expect(ambiguousNames("fakeClockContext.Done/Err")).toEqual(["fakeClockContext.Done", "fakeClockContext.Err"]);
  expect(ambiguousNames("onTimeout (option keys of closeWithGrace opts)")).toEqual(["onTimeout"]);
  expect(ambiguousNames("src/Generator/TypeGenerator/UnionType.php")).toEqual([
    "src/Generator/TypeGenerator/UnionType.php",
  ]);
  // (The review's: a Go import path, a folder with a dot, type arguments, stay whole.)
  for (const whole of ["github.com/acme/widgets/store", "v1.2/api.ts", "docs.v2/index", "Cache<K, V>"])
    expect(ambiguousNames(whole)).toEqual([whole]);
});
