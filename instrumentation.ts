/**
 * Runs once when the server starts: the environment settings are read and checked here, so a bad value
 * (HINTSCOPE_MAX_UPLOAD_MB=abc) stops the server with its name instead of falling back to a default.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { settings } = await import("./lib/server/settings");
  settings();
}
