// The oracle bench's (hunks mode against exact mode) classes of the twelfth session, each on a real hunk
// as git made it (fixtures: one file's section of a shared record's patch, provenance in
// lib/testing/real-data/README.md, "hunks/").
import { describe, expect, test } from "vitest";
import { hunkDefinitions, realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

const hunks = realHunk;
const definitions = hunkDefinitions;

describe("a hunk that starts inside a block of the function its header names (default driver: column 0)", () => {
  test("redis 10095: `            return;` / `    }` closes an `if`, and the changed line below is popGenericCommand's", async () => {
    expect(await definitions("redis-10095-code.diff")).toEqual(["popGenericCommand function changed"]);
  });

  test("axios 5892: `export default isHttpAdapterSupported && function httpAdapter(config) {` declares nothing (a function expression, as exact mode reads it)", async () => {
    expect(await definitions("axios-5892-code.diff")).toEqual([]);
  });

  test("axios 6539: a `describe('…', function () {` header is a call, not a function of that name", async () => {
    expect(await definitions("", "axios-6539-test.diff")).toEqual([]);
  });
});

describe("a hunk under a type's header changes that type (exact mode: any line of its body)", () => {
  test("Java, mockito 3129: `public class MockUtil {` over a method's changed modifier", async () => {
    expect(await definitions("mockito-3129-code.diff")).toEqual([
      "MockUtil.getMockMaker method changed",
      "MockUtil class changed",
    ]);
  });

  test("PHP, laravel 53914: `class DatabaseManager implements ConnectionResolverInterface`", async () => {
    expect(await definitions("laravel-53914-manager-code.diff")).toContain("DatabaseManager class changed");
  });

  test("Ruby, rubocop 13560: `class FileNull < Base` (git's ruby driver drops the indentation)", async () => {
    expect(await definitions("rubocop-13560-code.diff")).toContain("FileNull class changed");
  });

  test("Rust, axum 734: a `pub trait RouterExt<B>` header over an `impl` after the trait's end: no change of the trait", async () => {
    expect(await definitions("axum-734-code.diff")).toEqual([]);
  });
});

describe("JavaScript: a hunk under a top-level function's header that closes a block and the function", () => {
  test("axios 5085: `    return value;` / `  }` / … / `}`: normalizeValue changed, no class stand-in; `Object.assign(AxiosHeaders.prototype, {` names no function, but its object's methods are AxiosHeaders's (`toJSON: function(asStrings)`), as the whole file says", async () => {
    expect(await definitions("axios-5085-code.diff")).toEqual([
      "AxiosHeaders.toJSON method changed",
      "AxiosHeaders.toJSON.asStrings parameter new",
      "normalizeValue function changed",
    ]);
  });
});

describe("Rust: hunks that start inside a method's signature or a test module's function", () => {
  test("axum 1119: under `pub trait RouterExt<B>`, a where clause's tail then a new method's signature: the trait's new method", async () => {
    expect(await definitions("axum-1119-code.diff")).toEqual(
      expect.arrayContaining([
        "RouterExt.route_with_tsr method new",
        "RouterExt.route_with_tsr.path parameter new",
        "RouterExt interface changed",
      ]),
    );
  });

  test("axum 2096: a hunk from a method's `where` clause into its body: `const PANIC_MSG` is the method's local", async () => {
    expect(await definitions("axum-2096-code.diff")).toEqual(["FALLBACK_PARAM_PATH constant new"]);
  });

  test("axum 1934: under `mod tests {`, a test's tail then a new test: test code, nothing defined", async () => {
    expect(await definitions("axum-1934-code.diff")).toEqual([]);
  });
});

describe("JavaScript: a function a header names ends where the next item starts at its level", () => {
  test("preact 4436: under `function diffElementNodes(`, a blank line then `/**` of applyRef's comment: the change is applyRef's", async () => {
    const found = await definitions("preact-4436-code.diff");
    expect(found).toContain("applyRef function changed");
    expect(found.some((f) => f.startsWith("diffElementNodes"))).toBe(false);
  });
});

describe("Java: a method header (no class on it) under which an earlier hunk showed a nested type", () => {
  test("gson 1787: `public void setDelegate(…)` was shown inside `static class FutureTypeAdapter<T>`: its hunk's methods are Gson.FutureTypeAdapter's", async () => {
    expect(await definitions("gson-1787-code.diff")).toEqual([
      "Gson.FutureTypeAdapter class changed",
      "Gson.FutureTypeAdapter.delegate method new",
      "Gson.FutureTypeAdapter.getSerializationDelegate method new",
      "Gson.FutureTypeAdapter.read method changed",
      "Gson.FutureTypeAdapter.write method changed",
    ]);
  });
});

describe("Java: a file class whose name starts with `$`", () => {
  test("gson 1391: `$Gson$Types.java`'s members are `$Gson$Types`'s", async () => {
    expect(await definitions("gson-1391-code.diff")).toContain("$Gson$Types.resolve method changed");
  });
});

describe("Java constructors in a hunk's stand-in", () => {
  test("lombok 3674: a constructor of the file's second top-level class is that class's (`NoArgsException`, not `StandardExceptions`)", async () => {
    const found = await definitions("", "lombok-3674-test.diff");
    expect(found).toContain("NoArgsException.constructor constructor changed");
    expect(found.some((f) => f.startsWith("StandardExceptions"))).toBe(false);
  });

  test("gson 1787: `if (runtimeType != type) {` in a stand-in is no constructor", async () => {
    const found = await definitions("gson-1787-wrapper-code.diff");
    expect(found).toContain("TypeAdapterRuntimeTypeWrapper.isReflective method new");
    expect(found.filter((f) => f.includes("constructor"))).toEqual([]);
  });
});

describe("TypeScript: a hunk under a module-level array's header (`export const functionIdentifierTerms = [`)", () => {
  test("prometheus 10720: a changed entry changes the constant", async () => {
    expect(await definitions("prometheus-10720-terms-code.diff")).toEqual(["functionIdentifierTerms constant changed"]);
  });
});

describe("Go: a new file in a package the patch shows standing already", () => {
  const analyse = async (code: string) =>
    (
      await analyzeInstance({
        instanceId: "navidrome-5001518",
        goldPatch: code,
        testPatch: hunks("navidrome-5001518-test.diff"),
      })
    ).identifiers
      .filter((i) => i.kind === "file" && i.side === "code")
      .map((i) => `${i.name} ${i.policies.includes("defuse")}`);
  const code = hunks("navidrome-5001518-code.diff");

  test("navidrome 5001518: `model/user_props.go` beside the changed `model/datastore.go`: the test's import of `model` names no file", async () => {
    expect(await analyse(code)).toEqual(["model/user_props.go false"]);
  });

  test("the same new file alone in what the patch shows of its folder: the import may be of a new package, and names it", async () => {
    expect(await analyse(code.slice(0, code.indexOf("diff --git a/model/datastore.go")))).toEqual([
      "model/user_props.go true",
    ]);
  });
});

describe("PHP: a method header over a hunk that starts inside one of its blocks", () => {
  test("laravel 53206: `            return $data->toHtml();` / `        }` closes an `if`; the change below is convertDataToJavaScriptExpression's", async () => {
    expect(await definitions("laravel-53206-js-code.diff")).toContain(
      "convertDataToJavaScriptExpression function changed",
    );
  });
});

describe("Ruby: a `def` header whose indentation git's ruby driver dropped", () => {
  test("rubocop 13705: `end` / `end` then `alias after_csend after_send` at the method's level: the alias is past after_send", async () => {
    expect(await definitions("rubocop-13705-code.diff")).toEqual([]);
  });

  test("fluentd 4655: an `end` of a block, then a statement at its level: still configure's body", async () => {
    expect(await definitions("fluentd-4655-code.diff")).toEqual(
      expect.arrayContaining(["configure function changed", "on_request function changed"]),
    );
  });
});
