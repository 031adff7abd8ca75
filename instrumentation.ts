/**
 * Runs once when the server starts: the environment settings are read and checked here, so a bad value
 * (HINTSCOPE_MAX_UPLOAD_MB=abc) stops the server with its name instead of falling back to a default; then
 * the analysis of instances left pending (an upload cut short by a restart) resumes in the background.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { settings } = await import("./lib/server/settings");
  settings();
  const { resumePendingAnalysis } = await import("./lib/server/import/resume-analysis");
  void resumePendingAnalysis();
}
