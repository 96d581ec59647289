// Runs once when the server starts: the retention sweeper and warm inference workers.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startSweeper } = await import("@/lib/sessions/sweeper");
  const { warmUpInference } = await import("@/lib/inference/analyze-tensor");
  startSweeper();
  void warmUpInference();
}
