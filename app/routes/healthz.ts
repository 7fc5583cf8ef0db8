import { checkDatabase } from "~/.server/platform/db/health";

// For load balancers and the Docker HEALTHCHECK: 200 when the server can reach its database, 503 otherwise.
export async function loader() {
  const healthy = await checkDatabase();
  return new Response(healthy ? "ok" : "database unavailable", {
    status: healthy ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
