// The thirty-third session's classes from round 70, each on a real commit cut into real-data/hunks (provenance in
// real-data/README.md), with made hunks for the guards.
import { expect, test } from "vitest";
import { addedFile, changedHunk, madeHunks, statedKinds } from "../testing/analysis-helpers";

test("graph 52d9fc6: a key of a literal of the new generic struct (`unionFind[int]{parents: test.parents}`) is its field, though the test's own table declares a `parents` field too", async () => {
  expect(await statedKinds("graph-commit-52d9fc6")).toContain("unionFind.parents field");
});

test("graph 52d9fc6 (guard): a key of the test's own table struct stays the test's", async () => {
  const code = addedFile("sets.go", [
    "package graph",
    "",
    "type unionFind[K comparable] struct {",
    "\tparents map[K]K",
    "}",
  ]);
  const test = addedFile("sets_test.go", [
    "package graph",
    "",
    "func TestX(t *testing.T) {",
    "\ttests := map[string]struct {",
    "\t\tparents map[int]int",
    "\t}{",
    '\t\t"a": {parents: nil},',
    "\t}",
    "\t_ = tests",
    "}",
  ]);
  expect((await madeHunks(code, test)).defuse).not.toContain("unionFind.parents");
});

test("libdeflate 353a2e2: a header's new struct above the `#ifdef __cplusplus` / `}` / `#endif` that closes its `extern \"C\" {` is the file's, its function-pointer fields fields, and a designated initializer's `.malloc_func = …` their use", async () => {
  const stated = await statedKinds("libdeflate-commit-353a2e2");
  expect(stated).toEqual(
    expect.arrayContaining([
      "libdeflate_options struct",
      "libdeflate_options.sizeof_options field",
      "libdeflate_options.malloc_func field",
      "libdeflate_options.free_func field",
    ]),
  );
});

test("libdeflate 353a2e2 (guard): a `}` outside a `__cplusplus` block still closes a block opened above; a function pointer's field is no function", async () => {
  const code = changedHunk("lib.c", "static int run(struct opts *o) {", [
    "         o->size = 1;",
    "     }",
    "+    int (*cmp)(const void *, const void *) = pick(o);",
    "+    return cmp(a, b);",
    " }",
  ]);
  const { names } = await madeHunks(
    code,
    addedFile("t.c", ["void t(void) { int (*cmp)(const void *, const void *); }"]),
  );
  expect(names.filter((n) => n.startsWith("cmp") && !n.endsWith(" name"))).toEqual([]);
});

test("btree.c 28c76a0: a goto label at column 0 (`oom:`) in a function the header names stands in its body: the `const void *prev = …` above it is a local, no file-level variable", async () => {
  expect(await statedKinds("btree-commit-28c76a0")).toEqual([]);
});

test("btree.c 244db9f: a header whose parameters name a struct (`static void *btree_set0(struct btree *btree, …`) opens no struct: `btree->root->nitems = 1;` under it is a statement, and a label for a header (`set:`) a function's body", async () => {
  const stated = await statedKinds("btree-commit-244db9f");
  expect(stated).toContain("btree_node.nitems field");
  expect(stated.filter((s) => s.startsWith("btree.nitems"))).toEqual([]);
});

test("btree.c (guard): a struct's header still opens the struct; an access label at column 0 is no goto label", async () => {
  const code = changedHunk("box.h", "struct box {", ["     int width;", "+    int depth;", " };"]);
  expect((await madeHunks(code, addedFile("t.c", ["void t(struct box *b) { b->depth = 1; }"]))).defuse).toEqual([
    "box.depth",
  ]);
  const cpp = changedHunk("box.hpp", "class box {", ["     int w();", " public:", "+    int depth();", " };"]);
  expect((await madeHunks(cpp, addedFile("t.cpp", ["void t(box b) { b.depth(); }"]))).names).toContain(
    "box.depth method",
  );
});
