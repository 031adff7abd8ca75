// A review of the eighteenth session's rules by a helper (blind to their reasoning) found these misfires; each hunk
// was made with git from files written for it (shapes of C drivers, a C++ class template, a gem's version file, a
// Rust walker), failed on the rules as first written (41da8a9) and passes since. The last case (a Go map's constant
// keys under the keyed-literal stand-in of ffb4c0a) was found after the review, made the same way.
import { expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

const names = async (goldPatch: string, testPatch = "") =>
  (await analyzeInstance({ instanceId: "review", goldPatch, testPatch })).identifiers.map((i) =>
    `${i.name} ${i.kind} ${i.policies.includes("defuse") ? "defuse " : ""}${i.signature ?? ""}`.trim(),
  );

test("C: a function whose name starts with `enum` (`enumerate_devices(bus_t *b) {`) is no enum: its locals stay its own", async () => {
  expect(
    await names(
      "diff --git a/src/bus.c b/src/bus.c\nindex 8a2756d..366647a 100644\n--- a/src/bus.c\n+++ b/src/bus.c\n@@ -5,9 +5,10 @@ enumerate_devices(bus_t *b) {\n     static const int kinds[] = {\n         DEV_KIND_PCI,\n         DEV_KIND_ISA,\n+        DEV_KIND_USB,\n     };\n     int count = 0;\n-    for (int i = 0; i < 2; i++)\n+    for (int i = 0; i < 3; i++)\n         count += probe(b, kinds[i]);\n     return count;\n }\n",
    ),
  ).toEqual(["enumerate_devices function"]);
});

test("C: a hunk that starts in a call's arguments (`CONN_TIMEOUT_MS,` / `0);`) under a header cut in its parameters resumes no parameter list: `stats` is a local", async () => {
  const found = await names(
    "diff --git a/src/conn.c b/src/conn.c\nindex 0341ce5..abc362d 100644\n--- a/src/conn.c\n+++ b/src/conn.c\n@@ -9,6 +9,7 @@ static int conn_open(struct conn *c,\n                             CONN_TIMEOUT_MS,\n                             0);\n     int flags = 0;\n+    struct conn_stats *stats = conn_stats_get(c);\n \n     c->fd = fd;\n     return set_flags(fd, flags);\n",
  );
  expect(found.filter((n) => n.startsWith("stats "))).toEqual([]);
  expect(found).toContain("conn_open function");
});

test("C++: a class template's member defined outside it (`template <typename T> Vec<T>::Vec(std::size_t n)`) is stated without the class's head; a member template keeps its own", async () => {
  const found = await names(
    "diff --git a/include/vec.hpp b/include/vec.hpp\nindex e330fae..5e5a4f5 100644\n--- a/include/vec.hpp\n+++ b/include/vec.hpp\n@@ -5,6 +5,8 @@ class Vec {\n public:\n     void push(const T& x);\n     std::size_t size() const;\n+    template <typename It>\n+    void append(It first, It last);\n private:\n     T* data_;\n };\n@@ -13,3 +15,13 @@ template <typename T>\n std::size_t Vec<T>::size() const {\n     return n_;\n }\n+\n+template <typename T>\n+template <typename It>\n+inline void Vec<T>::append(It first, It last) {\n+    for (; first != last; ++first) push(*first);\n+}\n+\n+template <typename T>\n+Vec<T>::Vec(std::size_t n) : data_(new T[n]), n_(n) {\n+}\n",
  );
  expect(found).toContain("Vec.Vec constructor Vec(std::size_t n)");
  expect(found).toContain("Vec.append method template <typename It> void append(It first, It last)");
});

test("Ruby: a value's SCREAMING_CASE (`MyGem::VERSION`) is no spelling of the file constant `Version`", async () => {
  expect(
    await names(
      'diff --git a/lib/mygem/version.rb b/lib/mygem/version.rb\nindex fa2b790..43d2e6b 100644\n--- a/lib/mygem/version.rb\n+++ b/lib/mygem/version.rb\n@@ -26,6 +26,10 @@ module MyGem\n       4\n     end\n \n+    def prerelease?\n+      false\n+    end\n+\n     def to_s\n       [major, minor, patch].join(".")\n     end\n',
      'diff --git a/spec/version_spec.rb b/spec/version_spec.rb\nindex 8e6f0f1..9f36531 100644\n--- a/spec/version_spec.rb\n+++ b/spec/version_spec.rb\n@@ -4,4 +4,9 @@ RSpec.describe "version" do\n   it "parses" do\n     expect(MyGem.version.to_s).to eq(MyGem::VERSION)\n   end\n+\n+  it "is no prerelease" do\n+    expect(MyGem.version.prerelease?).to be(false)\n+    expect(MyGem::VERSION).not_to include("pre")\n+  end\n end\n',
    ),
  ).toEqual(["Version.prerelease? method defuse prerelease?"]);
});

test("Rust: a function nested in a generic free function's body under its `where` (`let` and `while` around it) is a function, not an impl's method", async () => {
  expect(
    await names(
      "diff --git a/src/walk.rs b/src/walk.rs\nindex 69daf58..665c5f5 100644\n--- a/src/walk.rs\n+++ b/src/walk.rs\n@@ -9,6 +9,9 @@ where\n     let mut stack = vec![root.to_path_buf()];\n     let mut seen = 0usize;\n     let limit = 1000usize;\n+    fn is_hidden(path: &Path) -> bool {\n+        path.file_name().map_or(false, |n| n.to_string_lossy().starts_with('.'))\n+    }\n     while let Some(dir) = stack.pop() {\n         for entry in std::fs::read_dir(&dir)? {\n             let path = entry?.path();\n",
    ),
  ).toEqual(["is_hidden function fn is_hidden(path: &Path) -> bool", "is_hidden.path parameter"]);
});

test('Go: a hunk that starts among a map literal\'s constant keys (`KindISA: "isa",`, its `map[Kind]string{` above) may key a map: the new constant `KindUSB` is used', async () => {
  expect(
    await names(
      "diff --git a/dev/kind.go b/dev/kind.go\nindex 11dfcc7..1256f01 100644\n--- a/dev/kind.go\n+++ b/dev/kind.go\n@@ -6,3 +6,4 @@ const (\n \tKindPCI Kind = iota\n \tKindISA\n+\tKindUSB\n )\n",
      'diff --git a/dev/kind_test.go b/dev/kind_test.go\nindex ee482c0..2954a54 100644\n--- a/dev/kind_test.go\n+++ b/dev/kind_test.go\n@@ -8,4 +8,5 @@ func TestNames(t *testing.T) {\n \t\tKindISA: "isa",\n+\t\tKindUSB: "usb",\n \t}\n-\tif len(names) != 2 {\n+\tif len(names) != 3 {\n \t\tt.Fatal("names")\n',
    ),
  ).toContain("KindUSB constant defuse");
});
