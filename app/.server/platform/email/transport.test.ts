import { describe, expect, it, vi } from "vitest";

import { parseEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import { emailDelivery, emailDeliveryWarning, sendEmail } from "./transport";

const envOf = (source: Record<string, string>) =>
  parseEnv({ AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789", ...source }, () => {});

describe("e-mail delivery", () => {
  it.each([
    ["http://localhost:3000", "log"],
    ["http://app.localhost:3000", "log"],
    ["http://127.0.0.1:3000", "log"],
    ["http://[::1]:3000", "log"],
    ["https://groundwork.example.com", "none"],
    ["http://192.168.1.20:3000", "none"],
    ["http://localhost.example.com", "none"],
  ])("without SMTP_URL, APP_URL %s means %s", (appUrl, delivery) => {
    expect(emailDelivery(envOf({ APP_URL: appUrl }))).toBe(delivery);
  });

  it("goes over SMTP whenever SMTP_URL is set", () => {
    const env = envOf({ APP_URL: "https://groundwork.example.com", SMTP_URL: "smtp://mail.example.com:587" });
    expect(emailDelivery(env)).toBe("smtp");
    expect(emailDeliveryWarning(env)).toBeUndefined();
  });

  it("warns at start on a public origin without SMTP, but not in demo mode, which needs no e-mail", () => {
    expect(emailDeliveryWarning(envOf({ APP_URL: "https://groundwork.example.com" }))).toContain("Set SMTP_URL");
    expect(emailDeliveryWarning(envOf({ APP_URL: "https://demo.example.com", DEMO_MODE: "true" }))).toBeUndefined();
    expect(emailDeliveryWarning(envOf({ APP_URL: "http://localhost:3000" }))).toBeUndefined();
  });

  it("writes the e-mail to the log on localhost (tests run on 127.0.0.1), saying it is the development fallback", async () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    try {
      await sendEmail({
        to: "ada@example.test",
        subject: "Your sign-in code",
        text: "…\n123456\n…",
        html: "",
        code: "123456",
      });
      expect(info).toHaveBeenCalledTimes(1);
      const [firstLine] = String(info.mock.calls[0]![0]).split("\n");
      expect(firstLine).toContain("development fallback: no SMTP_URL");
      expect(firstLine).toContain("e-mail to ada@example.test: Your sign-in code · code 123456");
    } finally {
      info.mockRestore();
    }
  });
});
