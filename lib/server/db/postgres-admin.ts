import pg from "pg";

/**
 * Runs one statement on a PostgreSQL server outside any database client of the app's (CREATE DATABASE and
 * DROP DATABASE cannot run inside a transaction, nor through Prisma's pool): the tests' throwaway databases.
 */
export async function runAdminStatement(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
