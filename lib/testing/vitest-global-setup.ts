import { startPostgresCluster } from "./postgres-cluster";

/**
 * With HINTSCOPE_TEST_ENGINE=postgres (`npm run test:postgres`), starts a throwaway PostgreSQL cluster on
 * loopback for the run: every temporary database the tests open is then a fresh PostgreSQL database in it.
 */
export default async function setup() {
  if (process.env.HINTSCOPE_TEST_ENGINE !== "postgres") return;
  const cluster = await startPostgresCluster();
  process.env.HINTSCOPE_TEST_POSTGRES_URL = cluster.url();
  return () => cluster.stop();
}
