import type { LanguageModule } from "../language";
import { extractCSharp } from "./extract";
import { csharpContextFunction, csharpWrap } from "./hunks";

/** A path in a test project (`Src/Foo.Tests/…`, `tests/…`) or a test class's file (`FooTests.cs`, `FooTest.cs`). */
export const isCSharpTestPath = (path: string): boolean =>
  /(^|\/)[^/]*\.(Tests?|UnitTests|IntegrationTests|Specs?)\//i.test(path) ||
  /(^|\/)(tests?|test-?suite)\//i.test(path) ||
  /Tests?\.cs$/.test(path);

/** C# (tree-sitter-c-sharp): one module, as issue 45 asks of a language. */
export const csharp: LanguageModule = {
  name: "csharp",
  aliases: ["c#", "c-sharp"],
  extensions: ["cs"],
  grammars: [{ name: "csharp", wasm: "tree-sitter-c-sharp/tree-sitter-c_sharp.wasm" }],
  extract: extractCSharp,
  overloads: true,
  stringTypes: ["string_literal", "verbatim_string_literal", "raw_string_literal", "interpolated_string_expression"],
  memberSeparator: ".",
  // Members the runtime's base types and interfaces dictate (object, IDisposable, IEnumerable, IComparable).
  dictatedNames: [
    "ToString",
    "Equals",
    "GetHashCode",
    "Dispose",
    "DisposeAsync",
    "GetEnumerator",
    "CompareTo",
    "Finalize",
  ],
  hunks: {
    membersInTypeBody: true,
    contextFunction: csharpContextFunction,
    wrap: csharpWrap,
    blockComments: true,
  },
  uses: {
    fixedArity: true,
    // A test project is its own assembly: code never reaches a file of it.
    testOnlyFile: isCSharpTestPath,
  },
};
