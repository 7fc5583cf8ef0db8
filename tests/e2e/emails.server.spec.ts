// The e-mails as they leave the server (docs/architecture.md, "E-mails"): a sign-in code asked for in Arabic from
// Firefox arrives at the SMTP sink as multipart/alternative, a text part that carries the code and says from which
// browser it was asked, and an HTML part in Arabic, right to left. And the development preview does not exist here.
import { expect, test } from "@playwright/test";

import { SmtpSink } from "../support/smtp-sink";
import { startServer, type TestServer } from "./server";

let server: TestServer;
let mail: SmtpSink;

test.beforeAll(async () => {
  mail = await new SmtpSink().start();
  server = await startServer("emails", { LOG_LEVEL: "error", SMTP_URL: mail.url });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

const firefoxOnLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("a sign-in code e-mail is text and HTML, in the visitor's language, saying from which browser it was asked", async () => {
  const since = Date.now();
  const response = await fetch(`${server.url}/login?index&lng=ar`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": firefoxOnLinux,
      "X-Forwarded-For": "198.18.7.1",
    },
    body: new URLSearchParams({ intent: "email", email: "user@example.com" }),
  });
  await response.arrayBuffer();
  expect(response.status).toBe(302);

  const email = await mail.waitForEmail("user@example.com", { since });
  expect(email.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(email.raw).toMatch(/^Subject: =\?UTF-8\?/m); // the subject is Arabic, encoded: and it holds no code
  const code = await mail.waitForCode("user@example.com", { since });
  expect(email.raw).not.toMatch(new RegExp(`^Subject:.*${code}`, "m"));

  expect(email.text).toContain(`\n${code}\n`);
  expect(email.text).toContain("طُلب من Firefox على Linux في");
  expect(email.text).not.toContain("<");

  expect(email.html).toBeDefined();
  expect(email.html).toContain('<html dir="rtl" lang="ar">');
  expect(email.html).toMatch(new RegExp(`<p dir="ltr" style="[^"]*">${code}</p>`));
  expect(email.html).toContain("إليك رمز تسجيل الدخول إلى Groundwork");
});

test("the e-mail previews answer 404 outside development", async () => {
  for (const path of ["/dev/emails", "/dev/emails/sign-in-code?lng=ar", "/dev/emails/no-such-template"]) {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
    const body = await response.text();
    expect(response.status, path).toBe(404);
    expect(body, path).not.toContain("E-mail previews");
  }
});
