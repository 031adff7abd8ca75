// Stands in for the `server-only` marker package under Vitest, which is not a React server.
export {};
