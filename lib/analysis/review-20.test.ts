// Misfires of the twentieth session's rules as first written, found by a review blind to the reasoning, each a real
// hunk git wrote (provenance in lib/testing/real-data/README.md); and what the rules left undone on the same shapes.
import { expect, test } from "vitest";
import { realHunk } from "../testing/analysis-helpers";
import { analyzeInstance } from "./analyze-instance";

const analyse = (code: string, test = "") =>
  analyzeInstance({ instanceId: "review-20", goldPatch: realHunk(code), testPatch: test ? realHunk(test) : "" });

test("xarray 8ce8325: under a class's header, a hunk whose lines all stand in a method's body (`xr.DataArray(a).where(cond)`, `cond2 = s > 3`) and that ends past the class at column 0 states no field", async () => {
  const result = await analyse("xarray-commit-8ce8325-test-sparse.diff");
  expect(result.identifiers.filter((i) => i.kind === "field").map((i) => i.name)).toEqual([]);
});

test("xarray 3816901: under a class's header, a hunk that starts in a method's parameter list (`name_dict: …,` then `) -> Self:`) reads the body after it as that method's: its locals are no fields", async () => {
  const result = await analyse("xarray-commit-3816901-indexes-code.diff");
  expect(result.identifiers.filter((i) => i.kind === "field").map((i) => i.name)).toEqual([]);
});

test("pytest 7d93757: past a function at column 0, a function defined in a module-level `if`/`else` (`def deprecated(msg, /, *, …)` eight columns in) is the module's, new, and the test's import of it a use", async () => {
  const result = await analyse("pytest-commit-7d93757-compat-code.diff", "pytest-commit-7d93757-compat-test.diff");
  const deprecated = result.identifiers.find((i) => i.name === "deprecated");
  expect([deprecated?.kind, deprecated?.status, deprecated?.policies.includes("defuse")]).toEqual([
    "function",
    "new",
    true,
  ]);
});

test("pugixml f327371: a header's function of a namespace only (`bool set(const char_t* rhs, size_t sz);` under `@@ … @@ namespace pugi`) takes the class of the source's out-of-line definition whose namespace no hunk shows", async () => {
  const result = await analyse("pugixml-commit-f327371-code.diff");
  expect(result.identifiers.filter((i) => i.kind !== "parameter").map((i) => `${i.name} ${i.kind} ${i.path}`)).toEqual([
    "xml_node.set_value method src/pugixml.hpp",
    "xml_node.set_value method src/pugixml.cpp",
    "xml_text.set method src/pugixml.hpp",
    "xml_text.set method src/pugixml.cpp",
  ]);
});

test("lexy 3a5d6aa: under a struct's header at column 0, a hunk that starts at a method's `{` and closes the struct at column 0 adds its method to the struct (17 structs, 17 methods)", async () => {
  const result = await analyse("lexy-commit-3a5d6aa-unicode-code.diff");
  const added = result.identifiers.filter((i) => i.member === "char_class_match_swar" && i.status === "new");
  expect(added.length).toBe(17);
  expect(added.every((i) => i.kind === "method" && i.owner !== null)).toBe(true);
});

test("c-ares 7a140cb: a function's header that takes a struct (`static ares_status_t ares__append_tcpbuf(struct server_state *server,`) opens no struct: the new function after it is found", async () => {
  const result = await analyse("c-ares-commit-7a140cb-code.diff");
  const timeout = result.identifiers.find((i) => i.name === "ares__calc_query_timeout");
  expect([timeout?.kind, timeout?.status]).toEqual(["function", "new"]);
});
