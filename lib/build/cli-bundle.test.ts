import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test, vi } from "vitest";
import { buildCliBundle, CLI_BUNDLE_DIR, freshCliBundle, ROOT } from "./cli-bundle.mjs";

// Processes that end on their own (a build, `hints --help`): no wall-clock limit that load could reach.
vi.setConfig({ testTimeout: 0, hookTimeout: 0 });

// A bundle of this test's own, beside the run's (inside the project, so its packages resolve from node_modules).
const dir = path.join(path.dirname(CLI_BUNDLE_DIR), `cli-test-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run hints -- ARGS` as the script runs it, looking for its bundle in `bundleDir`. */
const runHints = (bundleDir: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, "lib", "build", "run-hints.mjs"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, HINTSCOPE_CLI_BUNDLE_DIR: bundleDir, HINTSCOPE_CLI_TRACE: "1" },
  });

test("npm run hints runs the bundle while every file it was built from is unchanged", async () => {
  expect(freshCliBundle(dir)).toBeNull();
  const bundle = await buildCliBundle({ dir, force: true });
  expect(bundle).toBe(path.join(dir, "hints.mjs"));
  expect(freshCliBundle(dir)).toBe(bundle);
  const inputs = JSON.parse(readFileSync(path.join(dir, "inputs.json"), "utf8")).inputs as Record<string, unknown>;
  // Its own sources, the worker's too; none of the packages (they load from node_modules).
  expect(Object.keys(inputs)).toEqual(
    expect.arrayContaining([
      "lib/cli/hints.ts",
      "lib/instance-analysis/analysis-worker.ts",
      "lib/build/cli-bundle.mjs",
    ]),
  );
  expect(Object.keys(inputs).filter((file) => file.startsWith("node_modules/"))).toEqual([]);
  // Run through the script only while nothing was edited meanwhile (others may edit the checkout as this runs).
  if (freshCliBundle(dir)) {
    const run = runHints(dir, "--help");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("usage: npm run hints -- COMMAND [options]");
    expect(run.stderr).toMatch(/hints: running the bundle var\/cli-test-\d+\/hints\.mjs/);
  }
});

test("a source changed since the build: the bundle is stale, and npm run hints falls back to tsx", async () => {
  await buildCliBundle({ dir });
  const file = path.join(dir, "inputs.json");
  const recorded = JSON.parse(readFileSync(file, "utf8")) as { inputs: Record<string, [number, number]> };
  // As if lib/cli/hints.ts had been saved after the build.
  const [size, mtimeMs] = recorded.inputs["lib/cli/hints.ts"] as [number, number];
  recorded.inputs["lib/cli/hints.ts"] = [size, mtimeMs - 1000];
  writeFileSync(file, JSON.stringify(recorded));
  expect(freshCliBundle(dir)).toBeNull();
  const run = runHints(dir, "--help");
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("usage: npm run hints -- COMMAND [options]");
  expect(run.stderr).toContain("running lib/cli/hints.ts through tsx");
  // The command's own exit status comes through the fallback.
  const direct = spawnSync(process.execPath, [path.join(dir, "hints.mjs"), "no-such-command"], { cwd: ROOT });
  expect(direct.status).not.toBe(0);
  expect(runHints(dir, "no-such-command").status).toBe(direct.status);
  expect(runHints(dir).status).toBe(2);
});
