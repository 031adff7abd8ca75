// C++ namespaces qualify no name a hint states (SPEC §3: an owner is a type; as PHP's and C#'s namespaces and
// Rust's modules): `namespace Catch { template <typename T> struct capture_by_value … }` is `capture_by_value`,
// a class in `namespace Catch { namespace Generators {` has its members as `GeneratorUntypedBase.m`. Three
// blind labellers wrote them so (fmt 5cc5072 `is_container_adaptor`, Catch2 dc51386 `capture_by_value`,
// nlohmann/json f13af83 `ordered_map.erase`). The namespace still tells uses apart (`Tokenizer::split`).
import { expect, test } from "vitest";
import { analyzeInstance } from "./analyze-instance";

const header = (path: string, lines: string[]) =>
  [
    `diff --git a/${path} b/${path}`,
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -1,1 +1,${lines.length + 1} @@`,
    " #pragma once",
    ...lines.map((l) => `+${l}`),
    "",
  ].join("\n");

const codePatch = header("src/shapes/shapes.hpp", [
  "namespace geo {",
  "namespace shapes {",
  "    struct Polygon {",
  "        double perimeterLength() const;",
  "    };",
  "    double totalArea(const Polygon& p);",
  "    constexpr int kMaxSides = 12;",
  "}",
  "}",
]);

const testPatch = header("tests/shapes_test.cpp", [
  '#include "shapes/shapes.hpp"',
  "void check() {",
  "    geo::shapes::Polygon p;",
  "    p.perimeterLength();",
  "    geo::shapes::totalArea(p);",
  "    int n = geo::shapes::kMaxSides;",
  "}",
]);

test("names inside nested namespaces are stated without them: a free function and a constant bare, a struct's member by its struct", async () => {
  const result = await analyzeInstance({ instanceId: "made-cpp-ns", goldPatch: codePatch, testPatch });
  const defuse = result.identifiers.filter((i) => i.policies.includes("defuse"));
  expect(defuse.map((i) => [i.name, i.owner]).sort()).toEqual([
    ["Polygon", null],
    ["Polygon.perimeterLength", "Polygon"],
    ["kMaxSides", null],
    ["totalArea", null],
  ]);
});
