// Rust, C and C++: each definition and use kind on small before/after files.
import { describe, expect, test } from "vitest";
import { type AnalysisCase, analyseCase, describe as describeName, picked } from "../testing/analysis-helpers";

const newFile = (path: string, after: string) => ({ path, before: null, after });

describe("Rust", () => {
  const c: AnalysisCase = {
    code: [
      newFile(
        "src/store.rs",
        [
          "pub const MAX_ITEMS: usize = 10;",
          'pub static NAME: &str = "store";',
          "pub type Key = String;",
          "pub struct Store {",
          "    pub items: Vec<Key>,",
          "}",
          "pub enum Mode {",
          "    Fast,",
          "    Slow(u32),",
          "}",
          "pub trait Evict {",
          "    fn evict(&mut self, key: &str) -> bool;",
          "}",
          "impl Store {",
          "    pub fn new(capacity: usize) -> Store {",
          "        Store { items: Vec::with_capacity(capacity) }",
          "    }",
          "}",
          "impl Evict for Store {",
          "    fn evict(&mut self, key: &str) -> bool {",
          "        self.items.retain(|k| k != key);",
          "        true",
          "    }",
          "}",
          "pub mod util {",
          "    pub fn normalise(key: &str) -> String { key.to_lowercase() }",
          "}",
          "pub fn helper() {}",
          "#[cfg(test)]",
          "mod tests {",
          "    fn local_helper() {}",
          "    #[test]",
          "    fn inline() { helper(); }",
          "}",
        ].join("\n"),
      ),
    ],
    test: [
      newFile(
        "tests/store.rs",
        [
          "use mycrate::store::{Store, Evict, Mode, MAX_ITEMS};",
          "#[test]",
          "fn evicts() {",
          "    let mut s = Store::new(MAX_ITEMS);",
          '    assert!(s.evict("a"));',
          "    let _m = Mode::Fast;",
          '    assert_eq!(mycrate::store::util::normalise("A"), "a");',
          "    let _ = Store { items: vec![] };",
          "}",
        ].join("\n"),
      ),
    ],
  };

  test("definitions with their owners, kinds and signatures; test items define nothing", async () => {
    const analysis = await analyseCase(c);
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => `${i.name} ${i.kind}`);
    expect(code).toEqual(
      expect.arrayContaining([
        "MAX_ITEMS constant",
        "NAME variable",
        "Key type",
        "Store struct",
        "Store.items field",
        "Mode enum",
        "Mode.Fast constant",
        "Mode.Slow constant",
        "Evict interface",
        "Evict.evict method",
        "Store.new method",
        "util module",
        "normalise function",
        "helper function",
      ]),
    );
    expect(code.join(" ")).not.toMatch(/local_helper|inline/);
    // `impl Evict for Store`'s evict is named by the trait: Evict.evict is the name to know.
    expect(code).not.toContain("Store.evict method");
    expect(describeName(analysis, "Store.new")?.signature).toBe("pub fn new(capacity: usize) -> Store");
  });

  test("uses: use paths, T::f, x.f(), E::V, struct literals and their keys", async () => {
    expect(picked(await analyseCase(c), "defuse")).toEqual(
      // `util` too: the test names the new module in its path. `s.evict` reaches the trait's method.
      expect.arrayContaining([
        "Evict",
        "Evict.evict",
        "MAX_ITEMS",
        "Mode",
        "Mode.Fast",
        "Store",
        "Store.items",
        "Store.new",
        "normalise",
        "util",
      ]),
    );
  });
});

describe("C", () => {
  const c: AnalysisCase = {
    code: [
      newFile(
        "src/buffer.h",
        [
          "#define BUF_MAX 64",
          "#define BUF_LEN(b) ((b)->len)",
          "typedef struct buffer {",
          "    int len;",
          "    char *data;",
          "} buffer_t;",
          "enum buf_mode { BUF_RAW, BUF_TEXT };",
          "union value { int i; double d; };",
          "extern int buf_count;",
          "int buf_append(buffer_t *b, const char *s);",
        ].join("\n"),
      ),
      newFile(
        "src/buffer.c",
        [
          '#include "buffer.h"',
          "int buf_count = 0;",
          "int buf_append(buffer_t *b, const char *s) {",
          "    b->len++;",
          "    return BUF_LEN(b);",
          "}",
        ].join("\n"),
      ),
    ],
    test: [
      newFile(
        "tests/test_buffer.c",
        [
          '#include "buffer.h"',
          "void test_append(void) {",
          "    buffer_t b = {0};",
          '    buf_append(&b, "x");',
          "    assert(BUF_LEN(&b) == 1 && b.len < BUF_MAX && BUF_TEXT);",
          "}",
        ].join("\n"),
      ),
    ],
  };

  test("macros, typedefs, structs and fields, enum constants, unions, globals, functions", async () => {
    const analysis = await analyseCase(c);
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => `${i.name} ${i.kind}`);
    expect(code).toEqual(
      expect.arrayContaining([
        "BUF_MAX constant",
        "BUF_LEN function",
        "buffer struct",
        "buffer.len field",
        "buffer_t type",
        "buf_mode enum",
        "BUF_TEXT constant",
        "value struct",
        "buf_count variable",
        "buf_append function",
      ]),
    );
  });

  test("a test's calls, macros, fields and enum constants use them", async () => {
    expect(picked(await analyseCase(c), "defuse")).toEqual(
      expect.arrayContaining(["BUF_LEN", "BUF_MAX", "BUF_TEXT", "buf_append", "buffer.len", "buffer_t"]),
    );
  });
});

describe("C++", () => {
  const c: AnalysisCase = {
    code: [
      newFile(
        "include/fmt/pool.h",
        [
          "namespace fmt {",
          "template <typename T> class Pool {",
          " public:",
          "  explicit Pool(int size);",
          "  T* acquire();",
          "  int capacity;",
          "};",
          "enum class Policy { Lazy, Eager };",
          "int pool_count();",
          "}",
        ].join("\n"),
      ),
      newFile(
        "src/pool.cc",
        [
          '#include "fmt/pool.h"',
          "namespace fmt {",
          "int pool_count() { return 1; }",
          "}",
          "template <typename T> T* fmt::Pool<T>::acquire() { return nullptr; }",
        ].join("\n"),
      ),
    ],
    test: [
      newFile(
        "test/pool-test.cc",
        [
          '#include "fmt/pool.h"',
          "TEST(PoolTest, Acquire) {",
          "  fmt::Pool<int> pool(2);",
          "  EXPECT_EQ(pool.acquire(), nullptr);",
          "  EXPECT_EQ(fmt::pool_count(), 1 + pool.capacity);",
          "  auto p = fmt::Policy::Eager;",
          "}",
        ].join("\n"),
      ),
    ],
  };

  test("classes, methods, fields, scoped enums, functions in a namespace (which qualifies none of them: `Pool.acquire`, `pool_count`)", async () => {
    const analysis = await analyseCase(c);
    const code = analysis.identifiers.filter((i) => i.side === "code").map((i) => `${i.name} ${i.kind}`);
    expect(code).not.toContain("fmt module");
    expect(code).toEqual(
      expect.arrayContaining([
        "Pool class",
        "Pool.acquire method",
        "Pool.capacity field",
        "Policy enum",
        "Policy.Eager constant",
        "pool_count function",
      ]),
    );
  });

  test("ns::f calls, members through objects, scoped enum constants", async () => {
    expect(picked(await analyseCase(c), "defuse")).toEqual(
      expect.arrayContaining(["Policy.Eager", "Pool", "Pool.acquire", "Pool.capacity", "pool_count"]),
    );
  });
});

test("hints write names as each language does: Store::new in Rust and C++, Rounding::fromUnit in PHP, Faker.Coin.flip in Ruby", async () => {
  const { composeHint } = await import("../hint/compose-hint");
  const rust = await analyseCase({
    code: [
      {
        path: "src/store.rs",
        before: null,
        after: "pub struct Store {}\nimpl Store {\n    pub fn new() -> Store { Store {} }\n}\n",
      },
    ],
    test: [{ path: "tests/t.rs", before: null, after: "#[test]\nfn t() { let _ = Store::new(); }\n" }],
  });
  expect(
    composeHint({ interfaceText: null, requirements: null, identifiers: rust.identifiers }, "defuse", "name").text,
  ).toBe("- `Store`\n- `Store::new`");
  const declaration = composeHint(
    { interfaceText: null, requirements: null, identifiers: rust.identifiers },
    "defuse",
    "declaration",
  ).text;
  expect(declaration).toContain("### `Store` (struct) -- `src/store.rs` [new file]");
  expect(declaration).toContain("Signature: `pub fn new() -> Store`");
});
