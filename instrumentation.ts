// Runs once when the server starts: the retention sweeper, the webhook dispatcher and warm
// inference workers.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startSweeper } = await import("@/lib/sessions/sweeper");
  const { warmUpInference } = await import("@/lib/inference/analyze-tensor");
  const { startWebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  startSweeper();
  startWebhookDispatcher();
  void warmUpInference();
}
