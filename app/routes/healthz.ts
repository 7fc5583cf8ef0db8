import { stalledJobCount } from "~/.server/features/background-jobs";
import { checkDatabase } from "~/.server/platform/db/health";

// For load balancers and the Docker HEALTHCHECK: 200 when the server can reach its database and its job queue moves,
// 503 otherwise. A queue whose due jobs nobody takes for five minutes has lost its workers (ADR 046): a restart helps.
export async function loader() {
  const healthy = await checkDatabase();
  const stalled = healthy ? await stalledJobCount().catch(() => 0) : 0;
  const body = !healthy
    ? "database unavailable"
    : stalled > 0
      ? `job queue stalled: ${stalled} jobs due for over 5 minutes`
      : "ok";
  return new Response(body, {
    status: body === "ok" ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
