import { describe, expect, it } from "vitest";
import { auth } from "./auth";

// The e-mail code journey runs only through our pages (ADR 003): better-auth's own HTTP endpoints for it are off,
// or they would skip our per-address limits and tell known addresses from unknown ones.
describe("better-auth's HTTP endpoints for e-mail codes", () => {
  it.each(["/email-otp/send-verification-otp", "/sign-in/email-otp", "/email-otp/check-verification-otp", "/email-otp/verify-email"])("%s answers 404", async (path) => {
    const appUrl = process.env.APP_URL!;
    const response = await auth.handler(
      new Request(`${appUrl}/api/auth${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: appUrl },
        body: JSON.stringify({ email: "user@example.com", type: "sign-in", otp: "123456" }),
      }),
    );
    expect(response.status).toBe(404);
  });

  it("still answers the session endpoint that JSON clients use", async () => {
    const response = await auth.handler(new Request(`${process.env.APP_URL}/api/auth/get-session`));
    expect(response.status).toBe(200);
  });
});
