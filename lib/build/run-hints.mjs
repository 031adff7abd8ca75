// `npm run hints`: the command line from its bundle (lib/build/cli-bundle.mjs) when that is built and fresh,
// in this process; otherwise (a fresh clone before `npm run build`, or a source changed since) from the
// TypeScript through tsx, as before the bundle, in a child process that gets the same arguments, terminal
// and signals. HINTSCOPE_CLI_TRACE=1 says on stderr which it runs.
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CLI_BUNDLE_DIR, freshCliBundle, ROOT } from "./cli-bundle.mjs";

const trace = process.env.HINTSCOPE_CLI_TRACE === "1";
const bundle = freshCliBundle(process.env.HINTSCOPE_CLI_BUNDLE_DIR || CLI_BUNDLE_DIR);
if (bundle) {
  if (trace) process.stderr.write(`hints: running the bundle ${path.relative(ROOT, bundle)}\n`);
  await import(pathToFileURL(bundle).href);
} else {
  if (trace)
    process.stderr.write("hints: no fresh bundle (npm run build makes one): running lib/cli/hints.ts through tsx\n");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "lib", "cli", "hints.ts"), ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  // Ctrl-C reaches the child from the terminal itself (a worker stops gracefully on the first, and a second
  // would stop it at once): not passed on again. SIGTERM and SIGHUP sent to this process alone are. Either way
  // this process ends when the child does, with its status.
  const relayed = ["SIGTERM", "SIGHUP"];
  process.on("SIGINT", () => {});
  for (const signal of relayed) process.on(signal, () => child.exitCode === null && child.kill(signal));
  child.on("exit", (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}
