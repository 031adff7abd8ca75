import pg from "pg";

/**
 * Runs one statement on a PostgreSQL server outside any database client of the app's (CREATE DATABASE and
 * DROP DATABASE cannot run inside a transaction, nor through Prisma's pool): the tests' throwaway databases.
 */
export async function runAdminStatement(url: string, sql: string): Promise<void> {
  await withPostgresSession(url, async (client) => {
    await client.query(sql);
  });
}

/** Runs `work` on a connection of its own to the database at `url`, ended (and its session's locks released) after. */
export async function withPostgresSession<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
