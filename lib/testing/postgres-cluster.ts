import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's PostgreSQL binaries (the `postgresql` package), or those on PATH. */
const BIN = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"].find((dir) =>
  existsSync(path.join(dir, "initdb")),
);

/** Whether a throwaway cluster can be started here (PostgreSQL installed). */
export const POSTGRES_AVAILABLE = BIN !== undefined;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

/** Runs a PostgreSQL binary; as root it runs as the `postgres` user, which initdb and postgres insist on. */
function run(binary: string, args: string[]) {
  const command = path.join(BIN as string, binary);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", [command, ...args].map((a) => `'${a}'`).join(" ")], {
        encoding: "utf8",
      })
    : spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr || result.stdout}`);
}

/**
 * A throwaway PostgreSQL cluster in a temporary directory, listening on a free loopback port only, trusted
 * for local connections (it holds test data and lives for one run). `url(database)` names a database in it;
 * `stop` shuts it down and removes its files.
 */
export async function startPostgresCluster() {
  if (!BIN) throw new Error("PostgreSQL is not installed (Debian: apt-get install postgresql)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "hintscope-pg-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-w",
    "-o",
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`,
    "start",
  ]);
  const url = (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    /** Creates an empty database and returns its URL. */
    createDatabase(name: string) {
      execFileSync(path.join(BIN as string, "createdb"), [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        "postgres",
        name,
      ]);
      return url(name);
    },
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
