// Classes of error found in the nineteenth session (issue 43): the oracle's list and round 42, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { commitAnalysis, hunkDefinitions, realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

test("jq 193f432: a C hunk that starts among an enum's values, the enum's own line above it and git's header another (`struct lexer_param;`), reads them as the enum's constants (`BINDING = 261,` new, `LITERAL = 262,` renumbered)", async () => {
  const result = await analyzeInstance({
    instanceId: "jq",
    goldPatch: realHunk("jq-commit-193f432-code.diff"),
    testPatch: "",
  });
  const constants = new Map(result.identifiers.map((i) => [i.name, `${i.kind} ${i.status} ${i.signature}`]));
  expect(constants.get("BINDING")).toBe("constant new BINDING = 261");
  expect(constants.get("LITERAL")).toBe("constant changed LITERAL = 262");
  expect(constants.get("NONOPT")).toBe("constant changed NONOPT = 303");
  // (The context lines above the change are the enum's too, not new.)
  expect(constants.has("INVALID_CHARACTER")).toBe(false);
});

test("tinyxml2 ae25a44: a C++ header's method whose class no hunk shows (under `public:`) takes the class of its one out-of-line definition in the patch (`void XMLElement::DeleteAttribute( const char* name )` in the .cpp); one with none stays unqualified", async () => {
  const result = await commitAnalysis("tinyxml2-commit-ae25a44");
  const inHeader = result.identifiers.filter((i) => i.path === "tinyxml2.h" && i.kind === "method").map((i) => i.name);
  expect(inHeader).toContain("XMLElement.DeleteAttribute");
  expect(inHeader).not.toContain("DeleteAttribute");
  expect(inHeader).toContain("DeleteNode");
});

test("tinyxml2 ae25a44: a C++ hunk whose header is a constructor cut by git mid-initializers (`XMLStreamer::XMLStreamer( FILE* file ) : fp( file ), depth( 0 ), elementJustOpen`), its body's end, then a new function: the new function is found", async () => {
  const result = await commitAnalysis("tinyxml2-commit-ae25a44");
  const print = result.identifiers.find((i) => i.path === "tinyxml2.cpp" && i.name === "XMLStreamer.Print");
  expect([print?.kind, print?.status, print?.signature]).toEqual([
    "method",
    "new",
    "void Print(const char* format, ...)",
  ]);
});

test("vavr 50075a2: a Java test's bare call (`exists(P1)`) reaches a new static method through its file's `import static javaslang.Predicates.*`, a line above the hunk", async () => {
  const defuse = (await commitAnalysis("vavr-commit-50075a2")).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name);
  expect(defuse).toEqual(["Predicates.exists", "Predicates.forAll"]);
});

test("vavr 8881b57: the test class named for a class (`APITest`) calls its new static methods bare (`Function(() -> null)`), its static import out of view", async () => {
  const defuse = (await commitAnalysis("vavr-commit-8881b57")).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name);
  expect(defuse).toEqual(["API.Function", "API.CheckedFunction"]);
});

test("yup 8f2bd2b: methods written into the object a call makes a class's (`@@ … @@ inherits(StringSchema, MixedSchema, {`) are that class's (`uuid(message = locale.uuid) {`)", async () => {
  const defuse = (await commitAnalysis("yup-commit-8f2bd2b")).identifiers.filter((i) => i.policies.includes("defuse"));
  expect(defuse.map((i) => [i.name, i.kind, i.signature])).toEqual([
    ["StringSchema.uuid", "method", "uuid(message = locale.uuid)"],
  ]);
});

test("a class written before `class`, read whole: the methods of an object set as its prototype (handlebars 2a4a544's `HandlebarsEnvironment.prototype = {` … `registerDecorator: function(name, fn) {`) or handed with it to Object.assign (axios 85740c3's `Object.assign(AxiosHeaders.prototype, {` … `toJSON: function() {`) are the class's", async () => {
  const handlebars = await hunkDefinitions("handlebars-commit-2a4a544-base-whole-code.diff");
  expect(handlebars).toEqual(
    expect.arrayContaining([
      "HandlebarsEnvironment.registerDecorator method new",
      "HandlebarsEnvironment.registerDecorator.fn parameter new",
    ]),
  );
  const axios = await hunkDefinitions("axios-85740c3-axiosheaders-whole-code.diff");
  expect(axios).toEqual(
    expect.arrayContaining(["AxiosHeaders.toJSON method new", "AxiosHeaders.normalize method new"]),
  );
  // (The object's keys are no functions of their own.)
  expect(axios.filter((name) => /^(toJSON|normalize) /.test(name))).toEqual([]);
});

test("webmozart/assert d02822e: a PHP trait's new static methods (`trait Mixin`) are every using class's: the test's `Assert::allIsNotInstanceOfAny(…)` reaches Mixin's", async () => {
  const defuse = (await commitAnalysis("assert-commit-d02822e")).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name);
  expect(defuse).toEqual([
    "Assert.isNotInstanceOfAny",
    "Mixin.nullOrIsNotInstanceOfAny",
    "Mixin.allIsNotInstanceOfAny",
    "Mixin.allNullOrIsNotInstanceOfAny",
  ]);
});

test("quick-xml 0f9d486: an `impl` header whose generics nest (`impl<'i, R: XmlRead<'i>, E: EntityResolver> XmlReader<'i, R, E> {`) names its type: the hunk's new `fn is_empty(&self)` is XmlReader's", async () => {
  const names = await hunkDefinitions("quick-xml-commit-0f9d486-code.diff");
  expect(names).toContain("XmlReader.is_empty method new");
  expect(names).not.toContain("is_empty function new");
});

test("dotenv 19fade8: an options object's keys (`dotenv.apply(process.env, source, { debug: true })`) name fields of the type the patch declares the call's parameter as (`options?: DotenvConfigOptions`), not a new interface's namesakes (DotenvApplyOptions.debug)", async () => {
  const defuse = (await commitAnalysis("dotenv-commit-19fade8")).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name);
  expect(defuse).not.toContain("DotenvApplyOptions.debug");
  expect(defuse).not.toContain("DotenvApplyOptions.override");
  expect(defuse).toContain("apply");
});

test("ajv 656a315: a TypeScript interface a hunk renames (`-export interface Options {` / `+export interface CurrentOptions {`) keeps its new name under a later hunk's old header; a constructor's options object (`new _Ajv({…, validateFormats: false})`) keys its fields", async () => {
  const result = await commitAnalysis("ajv-commit-656a315");
  const defuse = result.identifiers.filter((i) => i.policies.includes("defuse")).map((i) => i.name);
  expect(defuse).toContain("CurrentOptions.validateFormats");
  expect(result.identifiers.map((i) => i.name)).not.toContain("Options.validateFormats");
});

test("rapidjson 7a79e91: a C++ unscoped enum's new constant is stated under its enum (`PrettyFormatOptions.kFormatSingleLineArray`, as round 35's labellers and C++ name it) and reached bare; in a C patch (jq 193f432) one stays bare", async () => {
  const defuse = (await commitAnalysis("rapidjson-commit-7a79e91")).identifiers
    .filter((i) => i.policies.includes("defuse"))
    .map((i) => i.name);
  expect(defuse).toContain("PrettyFormatOptions.kFormatSingleLineArray");
  expect(defuse).not.toContain("kFormatSingleLineArray");
  const jq = await analyzeInstance({
    instanceId: "jq",
    goldPatch: realHunk("jq-commit-193f432-code.diff"),
    testPatch: "",
  });
  expect(jq.identifiers.map((i) => i.name)).toContain("BINDING");
});

test("jq 193f432, its bison header read whole (as exact mode reads it): a C enum's constant and the `#define` of its name are one constant, stated once (`BINDING = 261`), bare", async () => {
  const result = await analyzeInstance({
    instanceId: "jq",
    goldPatch: realHunk("jq-commit-193f432-parser-h-whole-code.diff"),
    testPatch: "",
  });
  expect(result.identifiers.filter((i) => i.member === "BINDING").map((i) => [i.name, i.signature])).toEqual([
    ["BINDING", "BINDING = 261"],
  ]);
});

test("a C signature keeps the specifier macro the parser reads past (yyjson 42f9fcb's `yyjson_api_inline bool yyjson_get_bool_pointer(…)`), after a template's head where one stands above (simdjson 703ef54's `template <class Z> simdjson_warn_unused simdjson_error to_json(…)`)", async () => {
  const yyjson = (await commitAnalysis("yyjson-commit-42f9fcb")).identifiers.find(
    (i) => i.name === "yyjson_get_bool_pointer",
  );
  expect(yyjson?.signature).toBe(
    "yyjson_api_inline bool yyjson_get_bool_pointer(yyjson_doc *doc, const char *ptr, bool *value)",
  );
  const simdjson = (await commitAnalysis("simdjson-commit-703ef54")).identifiers.find((i) => i.name === "to_json");
  expect(simdjson?.signature?.split("\n")[0]).toMatch(
    /^template <class Z> simdjson_warn_unused simdjson_error to_json\(/,
  );
});
