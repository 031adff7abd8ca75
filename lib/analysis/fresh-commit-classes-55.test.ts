// Classes of error found in the twenty-fifth session (issue 43): rounds 53–56, labelled blind.
// Fixtures: the commits' diffs as git wrote them, provenance in lib/testing/real-data/README.md.
import { expect, test } from "vitest";
import { hunkDefinitions, statedKinds as stated } from "../testing/analysis-helpers";
import { reopeningBrackets } from "./continued-statements";

test("routing-controllers ce2cb72: an options literal passed to `@QueryParam(…)`, a function whose body alone changes, is typed by the declaration git's hunk header shows (`export function QueryParam(name: string, options?: ParamOptions)`): its `isArray` key is ParamOptions', not the metadata classes' new fields of that name", async () => {
  const names = (await stated("routing-controllers-commit-ce2cb72")).filter((n) => n.includes("isArray"));
  expect(names).toEqual(["ParamOptions.isArray field"]);
});

test("bandit 0293e9d: a test string that names a new code file by its bare name (`check_example('no_host_key_verification.py', …)`), where no other file the patch touches has that name, is a use of `examples/no_host_key_verification.py`; the plugin's module of a longer name is not named", async () => {
  const files = (await stated("bandit-commit-0293e9d")).filter((n) => n.endsWith(" file"));
  expect(files).toEqual(["examples/no_host_key_verification.py file"]);
});

test("glom 61ad750: a keyword argument never names a rest parameter (`Let(a='a')` against `def __init__(self, *a, **kw)` goes to `**kw`): no `Let.__init__.a`; the new `Let` and `Let.over` are stated", async () => {
  expect((await stated("glom-commit-61ad750")).sort()).toEqual(["Let class", "Let.over method"]);
});

test("goleak 3b3a1f5: a Go hunk that starts among a table test's own struct fields (`createdBy string` … `}{`, its `tests := []struct {` above) reads them as that struct's: `tt.createdBy` is the table's field, not the new unexported `Stack.createdBy`; the new `Stack.CreatedBy` and `IgnoreCreatedBy` are stated", async () => {
  expect((await stated("goleak-commit-3b3a1f5")).sort()).toEqual([
    "IgnoreCreatedBy function",
    "Stack.CreatedBy method",
  ]);
});

test("router 0fe592e: a name the tests read off a module of their own (`utils.methods`, where the test patch's `test/support/utils.js` defines `methods`) is that module's, not the code's new `methods` constant of index.js", async () => {
  expect(await stated("router-commit-0fe592e")).toEqual([]);
});

test("ramsey/collection 1e8371b: a test class that `use`s the new trait reaches its members through `$this->toolValueToString(…)`; PHP's magic methods (`__toString`) are the language's to call, so the tests' mocks defining one name nothing the code's `$value->__toString()` would need", async () => {
  expect((await stated("collection-commit-1e8371b")).sort()).toEqual([
    "ValueToStringTrait class",
    "ValueToStringTrait.toolValueToString method",
  ]);
});

test("typeguard b212189: a module-level hunk under git's `try:` header that starts at `except ImportError:` is that statement's later clause (no `ImportError` variable), and a name a module-level `try`/`except` binds (`except ImportError: Literal = None`) is the module's: the tests' `from typeguard import (…, Literal)` uses it", async () => {
  expect(await stated("typeguard-commit-b212189")).toContain("Literal variable");
  const all = await hunkDefinitions("typeguard-commit-b212189-code.diff");
  expect(all.filter((n) => n.startsWith("ImportError"))).toEqual([]);
});

test("sshj e14fb2f: under the top-level class's header, a hunk that starts in a nested type's constructor (`this.code = code;`, its `}`) and adds `public int getCode()` at that `}`'s level is in the nested type the hunk does not show, not in Response; the tests' calls on two of its constants (`Response.StatusCode.OK.getCode()`) say which: StatusCode", async () => {
  expect(await stated("sshj-commit-e14fb2f")).toEqual(["StatusCode.getCode method"]);
});

test("preact signals 528f190: a hunk that starts inside a template literal's code (`STOP_TRACKING_IDENTIFIER();` / `}` + backtick) closes no block with that `}`: the new `export interface PluginOptions` after it is the module's, and the tests' `{ mode: \"manual\" }` names its field", async () => {
  const names = await stated("signals-commit-528f190");
  expect(names).toContain("PluginOptions interface");
  expect(names).toContain("PluginOptions.mode field");
});

test("fastify-swagger a58bcbe: a function type's parameter object (`type SwaggerTransform = <S …>({ schema, url, … }: { schema: S; url: string; … }) => …`) holds no members of the alias: the tests' `{ schema, url }` keys name none, and the new route config key `FastifyContextConfig.swaggerTransform` is stated", async () => {
  const names = await stated("fastify-swagger-commit-a58bcbe");
  expect(names.filter((n) => n.startsWith("SwaggerTransform."))).toEqual([]);
  expect(names).toContain("FastifyContextConfig.swaggerTransform field");
});

test("jimfs c60af2a: a Java field declared `private final long interval;` in a private nested class is private (the declaration's modifiers are its declarator's): the tests' `pollingWatchService.interval` is PollingWatchService's package-visible field, not PollingConfig's", async () => {
  const names = await stated("jimfs-commit-c60af2a");
  expect(names).toContain("PollingWatchService.interval field");
  expect(names.filter((n) => n.includes("PollingConfig."))).toEqual([]);
});

test("commons-statistics 1e5c695: the members of a private nested class (`private static class InvertedRNG implements UniformRandomProvider`) are as private as it is: a test's anonymous `UniformRandomProvider` overriding `nextLong()` implements the interface, not InvertedRNG's method", async () => {
  expect(await stated("commons-statistics-commit-1e5c695")).toEqual([]);
  const all = await hunkDefinitions("commons-statistics-commit-1e5c695-code.diff");
  expect(all).toContain("ParetoDistribution.InvertedRNG.nextLong method new");
});

test("zt-exec 2f84940: a new constructor's parameter of a member's name (`ProcessExecutor(Iterable<String> command)`) stands aside for the new overload `command(Iterable<String> command)`, which the tests call", async () => {
  expect(await stated("zt-exec-commit-2f84940")).toEqual(["ProcessExecutor.command method"]);
});

test("hyperframe 435f94d: a Python hunk that starts inside a class-level dict begun above it (`settings = {` above; `SettingsFrame.MAX_FRAME_SIZE: 16384,` … `}` in the hunk) reopens it rather than blanking it: its new entry `SettingsFrame.SETTINGS_ENABLE_CONNECT_PROTOCOL: 1` uses the new constant", async () => {
  expect(await stated("hyperframe-commit-435f94d")).toEqual(["SettingsFrame.SETTINGS_ENABLE_CONNECT_PROTOCOL field"]);
});

test("reopeningBrackets: a statement's tail reopens with the brackets it closes, outermost first, a parenthesis as a call's (it may hold keywords); not where a quote is left over (a string cut through) or its closing line holds more than closers", () => {
  expect(reopeningBrackets(["        A.B: 1,", "        A.C: 2,", "    }"])).toBe("{");
  expect(reopeningBrackets(["        check_origin=False,", "        x=[1, 2]),", "    }"])).toBe("{_(");
  expect(reopeningBrackets(["</table>", '""".strip()  # noqa: E501', "        )"])).toBeNull();
  expect(reopeningBrackets(["        b):"])).toBeNull();
  expect(reopeningBrackets(["        [1, 2"])).toBeNull();
});

test("conf a1dbf86: under a class's header, a hunk that starts in a method's body and closes it (`return key in this.store;` / `}`) before TypeScript members at that `}`'s level (`appendToArray<Key …>(…): void;` overloads, then the body) is that method's tail: the new `Conf.appendToArray` is the class's, as the tests call it", async () => {
  expect(await stated("conf-commit-a1dbf86")).toEqual(["Conf.appendToArray method"]);
});

test("MQTT.js 547519d: a call through an object the test binds to a class whose method of that name the code changes (`const pingTimer = new PingTimer(…)`, `pingTimer.clear()`) is that method's, not a field of another type of the name (the new interface's `Timer.clear`)", async () => {
  expect((await stated("mqtt-commit-547519d")).filter((n) => n.includes("clear"))).toEqual([]);
});

test("metrics 7360d7e: an annotation's element-value pair (`@ResponseMetered(level = DETAILED)`) calls the annotation type's element: the new `ResponseMetered.level()` is stated", async () => {
  expect(await stated("metrics-commit-7360d7e")).toContain("ResponseMetered.level method");
});

test('pytest-html b7c50c1: a test string that holds source defining a new code function by its name (`pytester.makeconftest("""def pytest_html_duration_format(duration): …""")`) implements that hook: the new hook spec is stated', async () => {
  expect(await stated("pytest-html-commit-b7c50c1")).toContain("pytest_html_duration_format function");
});

test("gorilla/csrf 4b50158: a new Go file that declares a type another file of its package had (`store_legacy.go` under `// +build !go1.11` redeclaring `store.go`'s `type cookieStore struct`) is that file's build variant: its store, cookieStore and their methods are no new names; the new SameSite option and the constants the tests name are", async () => {
  expect((await stated("csrf-commit-4b50158")).sort()).toEqual([
    "SameSite function",
    "SameSiteDefaultMode constant",
    "SameSiteStrictMode constant",
    "options.SameSite field",
  ]);
});
