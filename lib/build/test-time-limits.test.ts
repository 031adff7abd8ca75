// Issue 47: `npm test` passes while another CPU-bound job holds both cores, so no test may fail by a
// wall-clock limit that load can reach. The one limit is lib/testing/test-time.ts (a hang), stated in the
// configs; this holds that no test file states a smaller one of its own.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** The places a file states a time limit of a test or hook of its own, as `file:line: text`. */
function ownTimeLimits(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    if (/^\s*\/\//.test(line)) return;
    const at = `${file}:${index + 1}: ${line.trim()}`;
    // test(…, async () => { … }, 120_000);  beforeAll(…, 60_000);
    if (/^\s*\}\s*,\s*\d[\d_]*\s*\);\s*$/.test(line)) found.push(at);
    // test(name, async () => { … },\n  120_000,\n);
    else if (
      /^\s*\d[\d_]*\s*,?\s*$/.test(line) &&
      /^\s*\},\s*$/.test(lines[index - 1] ?? "") &&
      /^\s*\)\s*;?\s*$/.test(lines[index + 1] ?? "")
    )
      found.push(at);
    // Playwright: test.setTimeout(…), vitest: vi.setConfig({ testTimeout: N }) with N > 0 (0 is no limit)
    else if (/\btest\.setTimeout\(/.test(line)) found.push(at);
    else if (/\b(testTimeout|hookTimeout)\s*:\s*[1-9]/.test(line) && !/HUNG_MS/.test(line)) found.push(at);
  });
  return found;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "generated" ? [] : testFiles(full);
    return /\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("no test or spec file states a time limit of its own below the suite's one (a hang)", () => {
  const files = [...testFiles(path.join(ROOT, "lib")), ...testFiles(path.join(ROOT, "e2e"))];
  expect(files.length).toBeGreaterThan(100);
  const limits = files
    .filter((file) => file !== import.meta.filename)
    .flatMap((file) => ownTimeLimits(path.relative(ROOT, file), readFileSync(file, "utf8")));
  expect(limits).toEqual([]);
});

test("the check finds each way of stating one (made files)", () => {
  const made = [
    'test("a", async () => {\n  expect(1).toBe(1);\n}, 120_000);\n',
    "beforeAll(async () => {\n  await start();\n}, 60_000);\n",
    'test(\n  "b",\n  async () => {\n    await run();\n  },\n  300_000,\n);\n',
    'test("c", async ({ page }) => {\n  test.setTimeout(180_000);\n});\n',
    "vi.setConfig({ testTimeout: 30_000 });\n",
  ];
  expect(made.map((text, i) => ownTimeLimits(`made-${i}.test.ts`, text).length)).toEqual([1, 1, 1, 1, 1]);
  // Not limits: a timer's delay inside a test, no limit at all, the suite's own, an array of numbers.
  const fine = [
    "await new Promise((resolve) => setTimeout(resolve, 2_000));\n",
    "vi.setConfig({ testTimeout: 0, hookTimeout: 0 });\n",
    "    testTimeout: HUNG_MS,\n",
    "const sizes = [\n  1_000,\n  2_000,\n];\n",
    "expect(counts).toEqual([\n  {\n    a: 1,\n  },\n  1,\n]);\n",
  ];
  expect(fine.flatMap((text, i) => ownTimeLimits(`fine-${i}.test.ts`, text))).toEqual([]);
});
