// What a test framework runs and no code calls: a test patch's test cases and their set-up.
import type { PatchDefinition } from "./patch-types";

/** JUnit's and TestNG's annotations of what the runner calls (and C#'s `[Test]`, `[Fact]`, `[Theory]`). */
const RUNNER_ANNOTATION =
  /(^|\s)(@(Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate|Before|After|BeforeEach|AfterEach|BeforeAll|AfterAll|BeforeClass|AfterClass|BeforeMethod|AfterMethod)|\[(Test|Fact|Theory|TestMethod|SetUp|TearDown)\])\b/;

/**
 * Whether a test patch's definition is one its framework runs: a method annotated as a test or its set-up
 * (`@Test public void failOnUnknown()`), a Go `func TestX(t *testing.T)`. The code patch never calls one, though it
 * may call a namesake (`adapter.failOnUnknown()`, the library's): it is no name the code uses.
 */
export function isTestEntryPoint(def: Pick<PatchDefinition, "kind" | "signature">): boolean {
  if (def.kind !== "method" && def.kind !== "function") return false;
  const signature = def.signature ?? "";
  return (
    RUNNER_ANNOTATION.test(signature) || /^func\s+(Test|Benchmark|Fuzz)\w*\(\w+ \*testing\.[TBF]\)/.test(signature)
  );
}
