// The thirty-third session's classes, each on a real commit cut into real-data/hunks (provenance in real-data/README.md).
import { expect, test } from "vitest";
import {
  addedFile,
  changedHunk,
  commitAnalysis,
  hunkDefinitions,
  madeHunks,
  statedKinds,
} from "../testing/analysis-helpers";

test("pkg-types 07b09ee: the keys of the object a test's `toMatchObject({ core: …, branch: …, remote: … })` compares a result with use no type's fields; the functions it calls are stated", async () => {
  const stated = await statedKinds("pkg-types-commit-07b09ee");
  expect(stated.filter((s) => s.startsWith("Git"))).toEqual([]);
  expect(stated).toEqual(
    expect.arrayContaining([
      "resolveGitConfig function",
      "readGitConfig function",
      "writeGitConfig function",
      "parseGitConfig function",
    ]),
  );
});

test("pkg-types 07b09ee (guard): an options object passed to a function, and one compared with `toEqual`, apart", async () => {
  const code = addedFile("src/config.ts", [
    "export interface GitConfig { core?: string; branch?: string }",
    "export function writeGitConfig(path: string, config: GitConfig) {}",
  ]);
  const passed = addedFile("test/config.test.ts", [
    'import { writeGitConfig } from "../src/config";',
    'writeGitConfig("x", { core: "a" });',
  ]);
  expect((await madeHunks(code, passed)).defuse).toEqual(expect.arrayContaining(["writeGitConfig", "GitConfig.core"]));
  const compared = addedFile("test/config.test.ts", [
    'import { writeGitConfig } from "../src/config";',
    'expect(writeGitConfig("x", {})).toEqual({ core: "a", branch: "b" });',
    'assert.deepStrictEqual(read(), { branch: "b" });',
  ]);
  expect((await madeHunks(code, compared)).defuse.filter((n) => !n.includes("/"))).toEqual(["writeGitConfig"]);
});

test("cpptrace 0ff56a6: a class's declaration that leaves its parameter unnamed (`formatter& symbols(symbol_mode);` under a namespace macro's header) is the method the source defines out of line (`formatter& formatter::symbols(symbol_mode mode) {`)", async () => {
  const found = (await commitAnalysis("cpptrace-commit-0ff56a6")).identifiers.filter(
    (i) => i.path === "include/cpptrace/formatting.hpp" && i.member === "symbols",
  );
  expect(found.map((i) => `${i.name} ${i.kind}`)).toEqual(["formatter.symbols method"]);
});

test("cpptrace 0ff56a6 (guard): a declaration of other parameter types, or of an unnamed `unsigned int` against a named `unsigned`, stays the namespace's", async () => {
  const header = changedHunk("include/lib/box.hpp", "namespace lib {", [
    "         box& width(int);",
    "+        box& depth(unsigned int);",
    "+        box& height(long);",
  ]);
  const source = changedHunk("src/box.cpp", "namespace lib {", [
    "     box& box::width(int w) { return *this; }",
    "+    box& box::depth(unsigned d) { return *this; }",
    "+    box& box::height(long h) { return *this; }",
  ]);
  const { names } = await madeHunks(
    `${header}${source}`,
    addedFile("test/box.cpp", ["void t() { lib::box{}.height(1); }"]),
  );
  expect(names.filter((n) => n.startsWith("height") || n.endsWith(".height method"))).toEqual([
    "box.height method",
    "box.height method",
  ]);
  expect(names).toContain("depth function");
});

test("griffe 344df50: a keyword a test passes to its parser (`parse_google(docstring, receives_named_value=False)`) is the parameter a section reader gains beside `**options`, which the parser hands on", async () => {
  const stated = await statedKinds("griffe-commit-344df50");
  expect(stated).toEqual(
    expect.arrayContaining([
      "_read_receives_section.receives_named_value parameter",
      "_read_receives_section.receives_multiple_items parameter",
    ]),
  );
});

test("griffe 344df50 (guard): not a parameter of a function without `**`, nor of a public one, nor a name of fewer than three words (any library's `random_state=`, `exist_ok=`)", async () => {
  const code = changedHunk("src/pkg/reader.py", "def _read_section(", [
    "     docstring,",
    "     *,",
    "+    receives_named_value=True,",
    "+    random_state=None,",
    "+    strict=False,",
    "     **options,",
    " ):",
    "     pass",
    " ",
    " ",
    "+def _read_other(docstring, multiple_items_kept=True):",
    "+    pass",
    "+",
    "+",
    "+def read_public(docstring, allow_empty_lines=True, **options):",
    "+    pass",
  ]);
  const test = addedFile("tests/test_reader.py", [
    "def test_it(parse):",
    "    parse(text, receives_named_value=False, strict=True, multiple_items_kept=False)",
    "    train_test_split(x, random_state=0)",
    "    other(text, allow_empty_lines=False)",
  ]);
  expect((await madeHunks(code, test)).defuse).toEqual(["_read_section.receives_named_value"]);
});

test("fmt 5471a24 (the oracle's whole file): a specifier macro before a constructor of the struct above it (`FMT_CONSTEXPR write_int_data(int num_digits, …) : size(…), padding(0) {`) is no return type; the struct closes, its fields stay fields, and the function after it is the namespace's", async () => {
  const names = await hunkDefinitions("fmt-5471a24-write-int-data-code.diff");
  expect(names).toEqual(
    expect.arrayContaining([
      "write_int_data.size field new",
      "write_int_data.padding field new",
      "write_int_data.write_int_data constructor new",
      "write_int function new",
    ]),
  );
  expect(names.filter((n) => n.startsWith("write_int_data.write_int") && !n.includes("constructor"))).toEqual([]);
});

test("fmt 5471a24 (guard): an upper-case return type before a function of no record's name stays the type", async () => {
  const { names } = await madeHunks(
    addedFile("include/win.h", ["struct handle { int fd; };", "ULONG_PTR lookup(int key);"]),
    "",
  );
  expect(names).toContain("lookup function");
});

test("cpptrace 0ff56a6: an enum declared in a class no hunk line shows, which the tests reach as `cpptrace::formatter::symbol_mode::full`, is formatter's where the patch shows formatter's members in that file", async () => {
  const stated = await statedKinds("cpptrace-commit-0ff56a6");
  expect(stated).toContain("formatter.symbol_mode enum");
  expect(stated).not.toContain("symbol_mode enum");
});

test("cpptrace 0ff56a6 (guard): through a namespace no member of the file names, or through two scopes, a type stays unowned", async () => {
  const header = changedHunk("include/lib/box.hpp", "namespace lib {", [
    "         box& width(int);",
    "+        enum class mode { fast, slow };",
    "+        box& speed(mode);",
  ]);
  const source = changedHunk("src/box.cpp", "namespace lib {", [
    "     box& box::width(int w) { return *this; }",
    "+    box& box::speed(mode m) { return *this; }",
  ]);
  const viaNamespace = addedFile("test/box.cpp", ["void t() { lib::box{}.speed(lib::mode::fast); }"]);
  expect((await madeHunks(`${header}${source}`, viaNamespace)).names).toContain("mode enum");
  const viaClass = addedFile("test/box.cpp", ["void t() { lib::box{}.speed(lib::box::mode::fast); }"]);
  expect((await madeHunks(`${header}${source}`, viaClass)).names).toContain("box.mode enum");
  const viaBoth = addedFile("test/box.cpp", [
    "void t() { lib::box{}.speed(lib::box::mode::fast); }",
    "void u() { lib::box{}.speed(lib::mode::slow); }",
  ]);
  expect((await madeHunks(`${header}${source}`, viaBoth)).names).toContain("mode enum");
});
