// better-auth's HTTP endpoints are closed but for the GitHub callback (ADR 010): a signed-in script cannot rename
// itself with 40 MB, create organizations, invite owners, or read raw session tokens.
import { describe, expect, it } from "vitest";

import { action, loader } from "./api.auth";

const appUrl = process.env.APP_URL!;
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

function post(path: string, body: unknown) {
  return new Request(`${appUrl}/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: appUrl },
    body: JSON.stringify(body),
  });
}

describe("better-auth over HTTP", () => {
  it.each([
    ["/update-user", { name: "x".repeat(1000) }],
    ["/organization/create", { name: "Mine", slug: "mine" }],
    ["/organization/invite-member", { email: "a@example.com", role: "owner" }],
    ["/organization/create-team", { name: "Team" }],
    ["/email-otp/send-verification-otp", { email: "user@example.com", type: "sign-in" }],
    ["/sign-in/email-otp", { email: "user@example.com", otp: "123456" }],
    ["/sign-in/social", { provider: "github" }],
    ["/sign-out", {}],
    ["/revoke-session", { token: "x" }],
    ["/revoke-other-sessions", {}],
    ["/delete-user", {}],
    ["/admin/ban-user", { userId: "x" }],
    ["/admin/impersonate-user", { userId: "x" }],
  ])("POST %s answers 404", async (path, body) => {
    const response = await action(args(post(path, body)));
    expect(response.status).toBe(404);
  });

  it.each([
    "/get-session",
    "/list-sessions",
    "/admin/list-users",
    "/organization/list",
    "/ok",
    "/callback/github/extra",
  ])("GET %s answers 404", async (path) => {
    const response = await loader(args(new Request(`${appUrl}/api/auth${path}`)));
    expect(response.status).toBe(404);
  });

  it("passes the GitHub callback to better-auth, which refuses one without its state", async () => {
    const response = await loader(args(new Request(`${appUrl}/api/auth/callback/github?code=abc&state=forged`)));
    expect(response.status).not.toBe(404);
    expect(response.status).toBeLessThan(500);
  });
});
