// A review of the nineteenth session's rules by a helper (blind to their reasoning) found these misfires; each hunk
// was made for it (shapes of a TypeScript component's props, a Java parser and its test, an ES5 collection, an API
// client, a Laravel test, a C++ stream interface, a bison parser header), failed on the rules as first written
// (7dd1367) and passes since.
import { expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

const names = async (goldPatch: string, testPatch = "") =>
  (await analyzeInstance({ instanceId: "review", goldPatch, testPatch })).identifiers.map(
    (i) => `${i.name} ${i.kind}${i.policies.includes("defuse") ? " defuse" : ""}`,
  );

test("TypeScript: a new interface added above a changed one (`+export interface ButtonTheme {` over `-`/`+export interface ButtonProps {`) renames nothing: a later hunk under `export interface ButtonProps {` adds ButtonProps's field", async () => {
  const found = await names(
    'diff --git a/src/button.tsx b/src/button.tsx\nindex 1111111..2222222 100644\n--- a/src/button.tsx\n+++ b/src/button.tsx\n@@ -1,8 +1,12 @@\n import React from "react";\n \n-export interface ButtonProps {\n+export interface ButtonTheme {\n+  accent: string;\n+}\n+\n+export interface ButtonProps extends React.AriaAttributes {\n   label: string;\n   onClick?: () => void;\n   disabled?: boolean;\n   size?: "small" | "large";\n   variant?: "primary" | "secondary";\n@@ -20,6 +25,7 @@ export interface ButtonProps {\n   icon?: React.ReactNode;\n   iconPosition?: "left" | "right";\n   fullWidth?: boolean;\n+  theme?: ButtonTheme;\n }\n \n export function Button(props: ButtonProps) {\n',
  );
  expect(found).toContain("ButtonProps.theme field");
  expect(found).not.toContain("ButtonTheme.theme field");
});

test("Java: a test named for a class (`ParserTest`) calling its own helper bare (`normalize(node.toString())`) reaches no private static method of that class", async () => {
  const found = await names(
    "diff --git a/src/main/java/com/acme/json/Parser.java b/src/main/java/com/acme/json/Parser.java\nindex 1111111..2222222 100644\n--- a/src/main/java/com/acme/json/Parser.java\n+++ b/src/main/java/com/acme/json/Parser.java\n@@ -20,6 +20,14 @@ public final class Parser {\n         this.options = options;\n     }\n \n+    public Node read(String text) {\n+        return normalize(tokenize(text));\n+    }\n+\n+    private static Node normalize(List<Token> tokens) {\n+        return new Node(tokens);\n+    }\n+\n     public Options options() {\n         return options;\n     }\n",
    'diff --git a/src/test/java/com/acme/json/ParserTest.java b/src/test/java/com/acme/json/ParserTest.java\nindex 3333333..4444444 100644\n--- a/src/test/java/com/acme/json/ParserTest.java\n+++ b/src/test/java/com/acme/json/ParserTest.java\n@@ -30,6 +30,12 @@ public class ParserTest {\n         assertEquals(1, node.size());\n     }\n \n+    @Test\n+    public void readsNested() {\n+        Node node = new Parser(Options.DEFAULT).read("[[1]]");\n+        assertEquals("[[1]]", normalize(node.toString()));\n+    }\n+\n     @Test\n     public void rejectsGarbage() {\n         assertThrows(ParseException.class, () -> parse("}{"));\n',
  );
  expect(found.filter((n) => n.startsWith("Parser.normalize "))).toEqual(["Parser.normalize method"]);
});

test("JavaScript: a property's descriptor (`Object.defineProperty(Collection.prototype, Symbol.iterator, { value: function () {…} })`) holds no methods of the class", async () => {
  const found = await names(
    "diff --git a/lib/collection.js b/lib/collection.js\nindex 1111111..2222222 100644\n--- a/lib/collection.js\n+++ b/lib/collection.js\n@@ -20,4 +20,19 @@ Collection.prototype.add = function (item) {\n   return this;\n };\n \n+Object.defineProperty(Collection.prototype, Symbol.iterator, {\n+  value: function () {\n+    return this.items[Symbol.iterator]();\n+  },\n+  writable: true,\n+  configurable: true,\n+});\n+\n+Object.defineProperty(Collection.prototype, SIZE, {\n+  get: function () {\n+    return this.items.length;\n+  },\n+  enumerable: false,\n+});\n+\n module.exports = Collection;\n",
    'diff --git a/test/collection.test.js b/test/collection.test.js\nindex 3333333..4444444 100644\n--- a/test/collection.test.js\n+++ b/test/collection.test.js\n@@ -5,3 +5,9 @@ describe("Collection", () => {\n     expect(new Collection().add(1).items).toEqual([1]);\n   });\n+\n+  it("iterates", () => {\n+    const map = new Map([[1, 2]]);\n+    expect(map.get(1)).toBe(2);\n+    expect([...new Collection().add(1)]).toEqual([1]);\n+  });\n });\n',
  );
  expect(found.filter((n) => n.startsWith("Collection."))).toEqual([]);
});

test("TypeScript: a key passed to a method (`client.create({ name, retries: 2 })`) is not narrowed by another class's method of that name (`Repo.create(entity: Entity)`)", async () => {
  const found = await names(
    "diff --git a/src/client.ts b/src/client.ts\nindex 1111111..2222222 100644\n--- a/src/client.ts\n+++ b/src/client.ts\n@@ -1,6 +1,8 @@\n export interface CreateOptions {\n   name: string;\n+  /** Retry count for the request. */\n+  retries?: number;\n }\n \n export class Client {\n   create(options: CreateOptions) {\ndiff --git a/src/repo.ts b/src/repo.ts\nindex 3333333..4444444 100644\n--- a/src/repo.ts\n+++ b/src/repo.ts\n@@ -3,5 +3,9 @@ export class Repo {\n   constructor(private readonly db: Db) {}\n \n+  create(entity: Entity): Promise<Entity> {\n+    return this.db.insert(entity);\n+  }\n+\n   find(id: string) {\n     return this.db.get(id);\n   }\n",
    'diff --git a/test/client.test.ts b/test/client.test.ts\nindex 5555555..6666666 100644\n--- a/test/client.test.ts\n+++ b/test/client.test.ts\n@@ -5,4 +5,8 @@ describe("Client", () => {\n   it("creates", async () => {\n     await client.create({ name: "a" });\n   });\n+\n+  it("retries", async () => {\n+    await client.create({ name: "a", retries: 2 });\n+  });\n });\n',
  );
  expect(found).toContain("CreateOptions.retries field defuse");
});

test("TypeScript: a global's options object (`new Intl.NumberFormat(\"en-US\", { style, currency })`) keys no new interface's field", async () => {
  const found = await names(
    'diff --git a/src/price.ts b/src/price.ts\nindex 1111111..2222222 100644\n--- a/src/price.ts\n+++ b/src/price.ts\n@@ -1,5 +1,10 @@\n-export function formatPrice(amount: number): string {\n-  return `$${amount.toFixed(2)}`;\n+export interface Price {\n+  amount: number;\n+  currency: string;\n+}\n+\n+export function formatPrice(amount: number, currency = "USD"): string {\n+  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);\n }\n \n export default formatPrice;\n',
    'diff --git a/test/price.test.ts b/test/price.test.ts\nindex 3333333..4444444 100644\n--- a/test/price.test.ts\n+++ b/test/price.test.ts\n@@ -4,3 +4,8 @@ describe("formatPrice", () => {\n     expect(formatPrice(5)).toBe("$5.00");\n   });\n+\n+  it("formats euros", () => {\n+    const expected = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(5);\n+    expect(formatPrice(5, "EUR")).toBe(expected);\n+  });\n });\n',
  );
  expect(found).toContain("Price.currency field");
});

test("PHP: a trait's member is not reached through a class no patch shows (`Cache::flush()`, a framework's facade)", async () => {
  const found = await names(
    "diff --git a/src/Concerns/HasCache.php b/src/Concerns/HasCache.php\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/src/Concerns/HasCache.php\n@@ -0,0 +1,13 @@\n+<?php\n+\n+namespace App\\Concerns;\n+\n+trait HasCache\n+{\n+    protected static array $cache = [];\n+\n+    public static function flush(): void\n+    {\n+        static::$cache = [];\n+    }\n+}\n",
    "diff --git a/tests/Feature/UserTest.php b/tests/Feature/UserTest.php\nindex 3333333..4444444 100644\n--- a/tests/Feature/UserTest.php\n+++ b/tests/Feature/UserTest.php\n@@ -12,6 +12,12 @@ class UserTest extends TestCase\n         $this->assertTrue($user->exists);\n     }\n \n+    public function test_user_is_cached()\n+    {\n+        Cache::flush();\n+        $this->assertNull(Cache::get('user.1'));\n+    }\n+\n     public function test_user_can_be_deleted()\n     {\n         $user = User::factory()->create();\n",
  );
  expect(found).toContain("HasCache.flush method");
});

test("C++: a pure virtual declaration under `public:` (`virtual void reset() = 0;`) is a base's: it takes no owner from another class's out-of-line `FileStream::reset`, only its own class's, which its destructor names (`virtual ~Stream()`)", async () => {
  const found = await names(
    "diff --git a/src/stream.h b/src/stream.h\nindex 1111111..2222222 100644\n--- a/src/stream.h\n+++ b/src/stream.h\n@@ -20,6 +20,7 @@ public:\n     virtual ~Stream() {}\n     virtual size_t read(char* buf, size_t n) = 0;\n     virtual size_t write(const char* buf, size_t n) = 0;\n+    virtual void reset() = 0;\n \n protected:\n     int flags_;\ndiff --git a/src/file_stream.cpp b/src/file_stream.cpp\nindex 3333333..4444444 100644\n--- a/src/file_stream.cpp\n+++ b/src/file_stream.cpp\n@@ -40,4 +40,9 @@ size_t FileStream::write(const char* buf, size_t n)\n     return fwrite(buf, 1, n, fp_);\n }\n \n+void FileStream::reset()\n+{\n+    rewind(fp_);\n+}\n+\n int FileStream::fd() const\n",
  );
  expect(found).toContain("Stream.reset method");
  expect(found.filter((n) => n.startsWith("FileStream.reset "))).toEqual(["FileStream.reset method"]);
});

test("C: under a prototype's header (`int yyparse(void *scanner);`, a declaration), a hunk among an enum's values still reads them as constants", async () => {
  const found = await names(
    "diff --git a/src/parser.h b/src/parser.h\nindex 1111111..2222222 100644\n--- a/src/parser.h\n+++ b/src/parser.h\n@@ -40,6 +40,7 @@ YY_DECL(yylex);\n     FIELD = 259,\n     LITERAL = 260,\n     FORMAT = 261,\n+    BINDING = 262,\n   };\n #endif\n \n",
  );
  expect(found).toContain("BINDING constant");
});

test("Literals: one string of several lines (a docstring) with a row added inside counts by its first row only: its unchanged `Raises:` text is no message the patch writes", async () => {
  const result = await analyzeInstance({
    instanceId: "review",
    goldPatch:
      'diff --git a/pkg/buffer.py b/pkg/buffer.py\nindex 1111111..2222222 100644\n--- a/pkg/buffer.py\n+++ b/pkg/buffer.py\n@@ -40,15 +40,17 @@ class Buffer:\n-    def resize(self, size):\n+    def resize(self, size, keep=True):\n         """Resize the buffer.\n \n         Args:\n             size: the new size in bytes.\n+            keep: whether to keep the old contents.\n \n         Raises:\n             ValueError: size must be a positive integer.\n         """\n         if size <= 0:\n             raise ValueError("size must be a positive integer")\n-        self._data = bytearray(size)\n+        old = self._data if keep else b""\n+        self._data = bytearray(old[:size].ljust(size, b"\\0"))\n         self._size = size\n \n     def clear(self):\n',
    testPatch:
      'diff --git a/tests/test_buffer.py b/tests/test_buffer.py\nindex 3333333..4444444 100644\n--- a/tests/test_buffer.py\n+++ b/tests/test_buffer.py\n@@ -10,3 +10,13 @@ def test_resize():\n     buf = Buffer(4)\n     buf.resize(8)\n     assert len(buf) == 8\n+\n+\n+def test_resize_rejects_zero():\n+    buf = Buffer(4)\n+    with pytest.raises(ValueError, match="size must be a positive integer"):\n+        buf.resize(0)\n+\n+\n+def test_resize_keeps():\n+    assert Buffer.from_bytes(b"ab").resize(3, keep=True) is None\n',
  });
  expect(result.literals).toEqual([]);
});

test("Java: a static wildcard import of a library's class (`import static org.assertj.core.api.Assertions.*`) reaches no static method of the project's own `Assertions`", async () => {
  const found = await names(
    "diff --git a/src/main/java/com/acme/Assertions.java b/src/main/java/com/acme/Assertions.java\nindex 96aad2d..9feb8bb 100644\n--- a/src/main/java/com/acme/Assertions.java\n+++ b/src/main/java/com/acme/Assertions.java\n@@ -7,6 +7,10 @@ public final class Assertions {\n         return requireNonNull(value);\n     }\n \n+    public static <T> T assertThat(T value) {\n+        return requireNonNull(value);\n+    }\n+\n     private Assertions() {\n     }\n }\n",
    'diff --git a/src/test/java/com/acme/ParserTest.java b/src/test/java/com/acme/ParserTest.java\nindex 73e752b..dd1d0c7 100644\n--- a/src/test/java/com/acme/ParserTest.java\n+++ b/src/test/java/com/acme/ParserTest.java\n@@ -1,12 +1,12 @@\n package com.acme;\n \n-import static org.junit.Assert.assertEquals;\n+import static org.assertj.core.api.Assertions.*;\n \n import org.junit.Test;\n \n public class ParserTest {\n     @Test\n     public void parsesEmpty() {\n-        assertEquals(0, Parser.parse("").size());\n+        assertThat(Parser.parse("").size()).isEqualTo(0);\n     }\n }\n',
  );
  expect(found).toContain("Assertions.assertThat method");
});
