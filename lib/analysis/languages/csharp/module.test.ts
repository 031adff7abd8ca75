// C# as one module (issue 45): the registry reads .cs through it, its hunk wrapping (where a hunk of a C# file
// stands, from its lines), and modern shapes read by the real parser. The real instances: csharp.test.ts.
import { describe, expect, test } from "vitest";
import { analyzeInstance } from "../../analyze-instance";
import { languageOfPath } from "../infer-language";
import { moduleOfPath } from "../lookup";
import { csharpWrap, fileClass } from "./hunks";

describe("C# is one module: the registry reads it by its extension", () => {
  test("a .cs path is C#, parsed with tree-sitter-c-sharp", () => {
    expect(languageOfPath("Src/Newtonsoft.Json/Linq/JObject.cs")).toBe("csharp");
    expect(moduleOfPath("a/B.CS")?.grammars[0]?.wasm).toBe("tree-sitter-c-sharp/tree-sitter-c_sharp.wasm");
  });

  test("a file's class is its name before the first dot (partial classes: JContainer.Async.cs)", () => {
    expect(fileClass("Src/Newtonsoft.Json/Linq/JContainer.Async.cs")).toBe("JContainer");
    expect(fileClass("x/1st.cs")).toBe("__HintscopeContext__");
  });
});

describe("hunk wrapping: where a hunk of a C# file stands, from its lines", () => {
  const wrap = (lines: string[], context = "namespace Newtonsoft.Json.Linq", file = "Src/X/JObject.cs") =>
    csharpWrap({ context, lines, path: file, indented: true, carriedClass: null });

  test("members of a block-scoped namespace's class (doc comments at 8) go in the file's class", () => {
    const w = wrap(["", "        /// <summary>", "        public bool IsX => _r != null;", ""]);
    expect(w.prefix).toEqual(["class JObject {"]);
    expect(w.suffix).toEqual(["}"]);
  });

  test("statements under a method go in a stand-in method of that class", () => {
    const w = wrap(["            if (x)", "            {", "                return;", "            }"]);
    expect(w.prefix).toEqual(["class JObject {", "void __hintscope__() {"]);
    expect(w.suffix).toEqual(["}}"]);
  });

  test("a hunk that ends the method, the class and the namespace opens all three", () => {
    const w = wrap(["            Assert.IsNull(o);", "        }", "    }", "}"]);
    expect(w.prefix).toEqual(["namespace __hintscope_ns__ {", "class JObject {", "void __hintscope__() {"]);
    expect(w.suffix).toEqual([]);
  });

  test("a preprocessor line at column 0 and a verbatim string's lines do not set the level", () => {
    const w = wrap([
      "#if !NET20",
      "        [Test]",
      "        public void M()",
      "        {",
      '            StringAssert.AreEqual(@"{',
      '  ""Date1"": -31535997',
      '}", json);',
      "        }",
      "#endif",
    ]);
    expect(w.prefix).toEqual(["class JObject {"]);
  });

  test("a lone `{` first opens the class whose line is above the hunk: its opener is written without one", () => {
    const w = wrap([
      "    {",
      "        internal static readonly DateTime UnixEpoch = new DateTime(1970, 1, 1);",
      "",
      "        public bool AllowPreEpoch { get; set; }",
    ]);
    expect(w.prefix).toEqual(["class JObject"]);
    expect(w.suffix).toEqual(["}"]);
  });

  test("accessors under the members' level before the member ends: a stand-in property, its setter deeper", () => {
    const w = wrap([
      "                _lineInfoHandling = value;",
      "            }",
      "        }",
      "",
      "        public int X { get; set; }",
      "    }",
      "}",
    ]);
    expect(w.prefix).toEqual(["namespace __hintscope_ns__ {", "class JObject {", "void __hintscope__() {", "{"]);
    const p = wrap([
      "            set => _required = value;",
      "        }",
      "",
      "        public bool IsRequiredSpecified => _required != null;",
    ]);
    expect(p.prefix).toEqual(["class JObject {", "object __hintscope__ {"]);
    expect(p.suffix).toEqual(["}"]);
  });

  test("a file-scoped namespace's class at column 0 (git's header): members at 4, statements under them", () => {
    expect(wrap(["    public int X { get; set; }"], "public class Foo").prefix).toEqual(["class Foo {"]);
    expect(wrap(["        return x;"], "public class Foo").prefix).toEqual(["class Foo {", "void __hintscope__() {"]);
  });

  test("a header that names a type gives the class", () => {
    const w = wrap(["        private int _x;"], "    public sealed class JsonObjectAttribute : JsonContainerAttribute");
    expect(w.prefix).toEqual(["class JsonObjectAttribute {"]);
  });
});

describe("modern C# (file-scoped namespace, positional record, expression bodies, named arguments)", () => {
  // A made pair of new files, read by the real parser: what a test of such code uses of it.
  const added = (file: string, lines: string[]) =>
    [
      `diff --git a/${file} b/${file}`,
      "new file mode 100644",
      "--- /dev/null",
      `+++ b/${file}`,
      `@@ -0,0 +1,${lines.length} @@`,
      ...lines.map((l) => `+${l}`),
      "",
    ].join("\n");
  const code = added("src/Lib/Shapes.cs", [
    "namespace Lib;",
    "",
    "public record Point(int X, int Y);",
    "",
    "public interface IShape",
    "{",
    "    double Area();",
    "}",
    "",
    "public sealed class Circle : IShape",
    "{",
    "    public const double Tau = 6.28;",
    "    public Circle(double radius) { Radius = radius; }",
    "    public double Radius { get; init; }",
    "    public double Area() => Radius * Radius * Tau / 2;",
    "    public static Circle Unit(double scale = 1) => new(scale);",
    "}",
  ]);
  const tests = added("tests/Lib.Tests/CircleTests.cs", [
    "namespace Lib.Tests;",
    "",
    "public class CircleTests",
    "{",
    "    [Fact]",
    "    public void AreaOfUnit()",
    "    {",
    "        var c = Circle.Unit(scale: 2);",
    "        Assert.Equal(12.56, c.Area(), 2);",
    "        var p = new Point(1, 2) { X = 3 };",
    "        Assert.Equal(3, p.X);",
    "    }",
    "}",
  ]);

  test("DefUse: the types, the members and the named parameter the test uses; kinds, owners and signatures", async () => {
    const analysis = await analyzeInstance({ instanceId: "made", goldPatch: code, testPatch: tests });
    const picked = analysis.identifiers
      .filter((i) => i.policies.includes("defuse"))
      .map((i) => `${i.kind} ${i.name}${i.signature ? ` : ${i.signature}` : ""}`)
      .sort();
    expect(picked).toEqual([
      "class Circle",
      "class Point",
      "field Point.X",
      "method Circle.Unit : public static Circle Unit(double scale = 1)",
      // `c.Area()` on a `var`: by member name it is the new interface's Area, which Circle's implements and
      // takes its name from (the hint states the interface's, not each implementation).
      "method IShape.Area : double Area()",
      "parameter Circle.Unit.scale",
    ]);
  });
});
