import { auth } from "~/.server/platform/auth/auth";
import type { Route } from "./+types/api.auth";

// better-auth's HTTP endpoints are not our API (ADR 010): what people do goes through our own actions, schemas and
// limits. Over HTTP better-auth serves only what a browser must reach directly: the GitHub sign-in callback.
const EXPOSED = [{ method: "GET", path: "/api/auth/callback/github" }];

function handle(request: Request) {
  const path = new URL(request.url).pathname;
  if (!EXPOSED.some((endpoint) => endpoint.method === request.method && endpoint.path === path)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return auth.handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
