// The thirty-second session's review: made hunks on which the session's first rules misfired, each mended.
import { expect, test } from "vitest";
import { addedFile, madeHunks } from "../testing/analysis-helpers";

const fileHeader = (path: string) =>
  `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n`;
const hunk = (start: number, header: string, lines: readonly string[]) =>
  `@@ -${start},${lines.filter((l) => !l.startsWith("+")).length} +${start},${lines.filter((l) => !l.startsWith("-")).length} @@${header ? ` ${header}` : ""}\n${lines.join("\n")}\n`;
const changedHunk = (path: string, header: string, lines: readonly string[], start = 10) =>
  fileHeader(path) + hunk(start, header, lines);
const changedFile = (path: string, hunks: string[]) => fileHeader(path) + hunks.join("");

const cases = new Map<string, { code: string; test: string }>();
const add = (name: string, code: string, test: string) => cases.set(name.slice(0, 3), { code, test });

// P01 tracker: Reader shown open, Writer opens between (hidden), hunk 2 under public: within 40 lines
add(
  "P01-tracker-two-classes",
  changedFile("include/io.h", [
    hunk(10, "namespace io", [
      " class Reader",
      " {",
      " public:",
      "     explicit Reader(int fd);",
      "     int read(char* buf, int n);",
      "+    int peek();",
      "     void close();",
      " ",
    ]),
    hunk(30, "public:", [
      "     explicit Writer(int fd);",
      "     int write(const char* buf, int n);",
      "+    void flush();",
      "     void close();",
      " ",
    ]),
  ]),
  addedFile("tests/io_test.cpp", [
    '#include "io.h"',
    "TEST(Writer, Flush) {",
    "  io::Writer w(1);",
    "  w.flush();",
    "  io::Reader r(0);",
    "  r.peek();",
    "}",
  ]),
);

// P02 tracker: far hunk in another class whose new method calls a common member bare (size()) that the first class declared
add(
  "P02-tracker-far-common-member",
  changedFile("include/containers.h", [
    hunk(10, "namespace box", [
      " class Stack",
      " {",
      " public:",
      "     std::size_t size() const;",
      "     bool empty() const;",
      "+    void push(int v);",
      "     void pop();",
      " ",
    ]),
    hunk(200, "public:", [
      "     std::size_t size() const { return n_; }",
      "+    bool full() const",
      "+    {",
      "+        return size() == cap_;",
      "+    }",
      "     void clear();",
    ]),
  ]),
  addedFile("tests/containers_test.cpp", [
    "void t() {",
    "  box::Ring r(4);",
    "  CHECK(r.full());",
    "  box::Stack s;",
    "  s.push(1);",
    "}",
  ]),
);

// P06 attribute-macro blanking: an if with a string, then `return false;`
add(
  "P06-attr-if-return",
  addedFile("src/version.c", [
    '#include "version.h"',
    "const char *version_string(const struct version *v)",
    "{",
    "    static char buf[32];",
    '    snprintf(buf, sizeof buf, "%d.%d.%d", v->major, v->minor, v->patch);',
    "    return buf;",
    "}",
  ]),
  addedFile("tests/test_version.c", [
    '#include "version.h"',
    "static bool check_format(void)",
    "{",
    "    struct version v = { 1, 2, 3 };",
    '    if (strcmp(version_string(&v), "1.2.3") != 0)',
    "        return false;",
    "    return true;",
    "}",
  ]),
);

// P12 enum: scoped enum whose `enum class` line no hunk line shows (git's header names it); constant removed, same name made a constexpr
add(
  "P12-enum-class-header-only",
  changedFile("include/net.hpp", [
    hunk(10, "enum class Timeout", [
      "     None,",
      "-    Default,",
      "     Long",
      " };",
      " ",
      "+constexpr int Default = 30;",
      "+",
    ]),
  ]),
  addedFile("tests/net_test.cpp", ["TEST(Net, Default) {", "  EXPECT_EQ(net::Default, 30);", "}"]),
);

// P16 Rust: internal logging shim macro `debug` vs tests using tracing::debug!
add(
  "P16-rust-macro-shim-debug",
  changedHunk(
    "src/lib.rs",
    "",
    [
      " #![forbid(unsafe_code)]",
      "+",
      "+macro_rules! debug {",
      "+    ($($arg:tt)*) => {",
      '+        #[cfg(feature = "tracing")]',
      "+        tracing::debug!($($arg)*);",
      "+    };",
      "+}",
      " ",
      " pub mod client;",
    ],
    1,
  ),
  addedFile("tests/client.rs", [
    "use mycrate::client::Client;",
    "#[test]",
    "fn connects() {",
    '    tracing::debug!("starting");',
    "    let c = Client::new();",
    "    assert!(c.connect().is_ok());",
    "}",
  ]),
);

// P17 Rust: crate-internal macro `ready` vs test calling std::future::ready(…)
add(
  "P17-rust-macro-vs-fn",
  changedHunk(
    "src/stream.rs",
    "impl Stream for Lines {",
    [
      " use std::task::{Context, Poll};",
      "+",
      "+macro_rules! ready {",
      "+    ($e:expr) => { match $e { Poll::Ready(v) => v, Poll::Pending => return Poll::Pending } };",
      "+}",
      " ",
    ],
    1,
  ),
  addedFile("tests/stream.rs", [
    "use std::future::ready;",
    "#[tokio::test]",
    "async fn t() {",
    "    let v = ready(5).await;",
    "    assert_eq!(v, 5);",
    "}",
  ]),
);

// P20 attribute: char literal comparison in an if, then `return true;`
add(
  "P20-attr-if-char",
  changedHunk("src/lexer.c", "static int lexer_init(struct lexer *lx, const char *src)", [
    "     lx->pos = 0;",
    "     return 0;",
    " }",
    "+",
    "+int lexer_peek(const struct lexer *lx)",
    "+{",
    "+    return lx->src[lx->pos];",
    "+}",
  ]),
  addedFile("tests/test_lexer.c", [
    "static bool starts_with_x(struct lexer *lx)",
    "{",
    '    lexer_init(lx, "x1");',
    "    if (lexer_peek(lx) == 'x')",
    "        return true;",
    "    return false;",
    "}",
  ]),
);

// P24 typeScope: base-class member through the derived template, plain statement
add(
  "P24-typescope-base-member-plain",
  changedHunk("include/etl/string.h", "class ibasic_string", [
    "     typedef size_t size_type;",
    " ",
    "+    static const size_type no_pos = static_cast<size_type>(-1);",
    "+",
    "     size_type size() const",
    "     {",
  ]),
  addedFile("test/test_string.cpp", ["void t() {", "  size_t n = etl::string<10>::no_pos;", "  CHECK(n != 0);", "}"]),
);

// P28 C++: unscoped enum nested in a class; post-image adds a free function of a constant's name
add(
  "P28-enum-nested-class-unscoped",
  changedHunk("include/shape.hpp", "namespace geo", [
    " struct Shape {",
    "-  enum Kind { circle, square };",
    "+  enum class Kind { circle, square };",
    " };",
    "+",
    "+inline Shape circle(double r) { return Shape{}; }",
  ]),
  addedFile("tests/shape_test.cpp", ["TEST(Geo, Circle) {", "  auto s = geo::circle(1.0);", "}"]),
);

// P29 C++: unscoped enum nested in a class (`Value::Type { Null, Array, Object }`), the patch adds a class `Array` to the file
add(
  "P29-enum-nested-vs-new-class",
  changedHunk("include/json/value.h", "namespace json", [
    " class Value {",
    " public:",
    "-  enum Type { Null, Bool, Number, String, Array, Object };",
    "+  enum Type { Null, Bool, Number, String, Array, Object, Binary };",
    "   Type type() const { return type_; }",
    " };",
    "+",
    "+class Array {",
    "+public:",
    "+  std::size_t size() const { return items_.size(); }",
    "+private:",
    "+  std::vector<Value> items_;",
    "+};",
  ]),
  addedFile("tests/array_test.cpp", ["TEST(Json, Array) {", "  json::Array a;", "  EXPECT_EQ(a.size(), 0u);", "}"]),
);

// P33 attribute: logging macro with string, no `;` (macro supplies it), then a declaration, in a test
add(
  "P33-attr-log-no-semicolon",
  addedFile("src/pool.c", ["int pool_size(const struct pool *p) { return p->n; }"]),
  addedFile("tests/test_pool.c", [
    "void test_pool(void)",
    "{",
    "    struct pool p = {0};",
    '    TEST_ASSERT_MSG(pool_size(&p) == 0, "empty pool")',
    "    int n = 0;",
    "    TEST_ASSERT(n == 0)",
    "}",
  ]),
);

const stated = async (name: string) => {
  const made = cases.get(name);
  if (!made) throw new Error(`no case ${name}`);
  return (await madeHunks(made.code, made.test)).defuse;
};

test("P01: a class carried across hunks gives way where the hunk shows another class's constructor (`explicit Writer(int fd);`)", async () => {
  const names = await stated("P01");
  expect(names).toContain("Writer.flush");
  expect(names).not.toContain("Reader.flush");
});

test("P02: one shown member called bare (`size()`) carries no class to a far hunk: the test's `box::Ring r` names it", async () => {
  const names = await stated("P02");
  expect(names).toContain("Ring.full");
  expect(names).not.toContain("Stack.full");
});

test.each([
  ["P06", "version_string"],
  ["P20", "lexer_peek"],
  ["P33", "pool_size"],
])(
  '%s: a statement\'s call line (`if (…"…")`, a test macro without `;`) is no attribute macro: %s keeps its use',
  async (name, used) => {
    expect(await stated(name)).toContain(used);
  },
);

test.each([
  ["P12", "Default"],
  ["P28", "circle"],
  ["P29", "Array"],
])(
  "%s: an enum's constant is a file-scope name only for an enum a hunk shows unscoped, outside a class, and only as a constant: %s is new",
  async (name, created) => {
    expect(await stated(name)).toContain(created);
  },
);

test.each([
  ["P16", "debug"],
  ["P17", "ready"],
])(
  "%s: a crate's own macro (`macro_rules! %s`, not exported) is no function the tests call, nor another crate's macro",
  async (name, macro) => {
    expect(await stated(name)).not.toContain(macro);
  },
);

test("P24: a static reached through a derived template (`etl::string<10>::no_pos`) may be a base's: the type-scope rule is for member types only", async () => {
  expect(await stated("P24")).toContain("ibasic_string.no_pos");
});
