// The operational log (ADR 021, docs/architecture.md "Logs, processes and stopping"): one line per request with its
// id, method, path without the query's secrets, status and duration; an error once, with its stack and the request's
// id; and no sign-in code, cookie or session token in any line at info or above, whether e-mail goes over SMTP or,
// on a public APP_URL without SMTP, nowhere. Each server here writes JSON (LOG_FORMAT=json) at LOG_LEVEL=debug, so a
// secret logged at debug would not hide a secret logged higher.
import { expect, test } from "@playwright/test";

import { SmtpSink } from "../support/smtp-sink";
import { sessionCookie, sql } from "./fixtures";
import { startServer } from "./server";

type Server = Awaited<ReturnType<typeof startServer>>;
type LogLine = Record<string, unknown> & {
  level: number;
  pid: number;
  msg: string;
  request?: { id: string; method: string; path: string; status: number; durationMs: number };
  err?: { message: string; stack: string };
  requestId?: string;
};

const INFO = 30;
const PUBLIC_URL = "https://groundwork.example.com";

/** Every line the server printed, parsed; a line that is not JSON fails the test (the format is one object a line). */
function linesOf(server: Server): LogLine[] {
  return server.logs
    .join("")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });
}

/** What an operator would see at info and above, as text; the process id is left out (it may have six digits). */
const printedAtInfo = (server: Server) =>
  linesOf(server)
    .filter((line) => line.level >= INFO)
    .map(({ pid: _pid, ...line }) => JSON.stringify(line))
    .join("\n");

async function waitForLine(server: Server, match: (line: LogLine) => boolean): Promise<LogLine> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = linesOf(server).find(match);
    if (found) return found;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no such log line in:\n${server.logs.join("")}`);
}

const json = { LOG_FORMAT: "json", LOG_LEVEL: "debug" };

test.describe("request lines", () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer("logs-requests", json);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("one line per request: id, method, path with the query's values dropped, status, duration", async () => {
    const response = await fetch(
      `${server.url}/login?redirect=%2Fapp&lng=fr&code=123456&state=s3cr3t-state&email=ada%40example.test`,
      { headers: { "X-Forwarded-For": "198.18.7.1" } },
    );
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await waitForLine(server, (candidate) => candidate.request?.id === id);
    expect(line.level).toBe(INFO);
    expect(line.request).toMatchObject({
      method: "GET",
      path: "/login?redirect=[redacted]&lng=fr&code=[redacted]&state=[redacted]&email=[redacted]",
      status: 200,
    });
    expect(typeof line.request?.durationMs).toBe("number");
    expect(JSON.stringify(linesOf(server))).not.toMatch(/123456|s3cr3t|ada%40example/);
  });

  test("a short, safe X-Request-Id is kept; any other is replaced", async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { "X-Request-Id": "proxy-42.a:b" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-42.a:b");
    await waitForLine(server, (line) => line.request?.id === "proxy-42.a:b" && line.request.path === "/healthz");
    for (const unsafe of ["a b", "x".repeat(65), "<script>"]) {
      const replaced = await fetch(`${server.url}/healthz`, { headers: { "X-Request-Id": unsafe } });
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test("refusals are logged at info; static files only at debug", async () => {
    const refused = await fetch(`${server.url}/login`, { method: "DELETE" });
    expect(refused.status).toBe(405);
    const refusedId = refused.headers.get("x-request-id");
    const refusal = await waitForLine(server, (line) => line.request?.id === refusedId);
    expect(refusal).toMatchObject({ level: INFO, request: { method: "DELETE", status: 405 } });

    const asset = await fetch(`${server.url}/favicon.svg`);
    expect(asset.status).toBe(200);
    const assetId = asset.headers.get("x-request-id");
    const assetLine = await waitForLine(server, (line) => line.request?.id === assetId);
    expect(assetLine.level).toBeLessThan(INFO);
  });

  test("an error is logged once, with its stack and the request's id", async () => {
    const admin = await sessionCookie(server, { email: "logs-admin@example.test", name: "Logs Admin", role: "admin" });
    // A table gone from under the running server: a repository's page fails (a list would show its own error state).
    const [libsql] = (await sql(server.databaseUrl, "select id from repository where name = 'libsql'")).rows;
    await sql(server.databaseUrl, "alter table repository rename to repository_away");
    try {
      const response = await fetch(`${server.url}/manager/repositories/${libsql!.id}`, {
        headers: { Cookie: `${admin.name}=${admin.value}`, "X-Forwarded-For": "198.18.7.2" },
      });
      expect(response.status).toBe(500);
      const id = response.headers.get("x-request-id");
      await waitForLine(server, (line) => line.request?.id === id);
      const errors = linesOf(server).filter((line) => JSON.stringify(line).includes("no such table"));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ level: 50, requestId: id });
      expect(errors[0]!.err?.stack).toMatch(/^\s+at /m);
    } finally {
      await sql(server.databaseUrl, "alter table repository_away rename to repository");
    }
  });
});

test("the text format (the default) is one readable line per request", async () => {
  const server = await startServer("logs-text", { LOG_LEVEL: "info" });
  try {
    const response = await fetch(`${server.url}/login?code=654321`);
    const id = response.headers.get("x-request-id") ?? "";
    let text = "";
    for (let attempt = 0; attempt < 100 && !text.includes(id); attempt++) {
      await new Promise((done) => setTimeout(done, 100));
      text = server.logs.join("");
    }
    const line = text.split("\n").find((candidate) => candidate.includes(id)) ?? "";
    expect(line).toMatch(/INFO \(\d+\): GET \/login\?code=\[redacted\] 200 [\d.]+ ms \(request [0-9a-f-]{36}\)$/);
    expect(text).not.toContain("654321");
  } finally {
    await server.stop();
  }
});

test("without SMTP on localhost, e-mails are written to the log and say it is the development fallback", async () => {
  const server = await startServer("logs-dev-mail", json); // APP_URL http://127.0.0.1:<port>
  try {
    const sent = await fetch(`${server.url}/login?index`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "198.18.7.3",
      },
      body: new URLSearchParams({ intent: "email", email: "user@example.com" }),
    });
    expect(sent.status).toBe(302);
    const line = await waitForLine(server, (candidate) => candidate.msg.startsWith("e-mail to user@example.com"));
    expect(line.msg).toContain("development fallback: no SMTP_URL");
    // The first line carries the recipient, the subject and the code (the rest is the whole e-mail).
    expect(line.msg.split("\n")[0]).toMatch(/\bcode \d{6}\b/);
  } finally {
    await server.stop();
  }
});

/** The login form then the code form, as a browser without JavaScript; returns every cookie value it was given. */
async function signIn(server: Server, email: string, code: () => Promise<string | undefined>) {
  const jar = new Map<string, string>();
  const post = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: PUBLIC_URL,
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        "X-Forwarded-For": "198.18.7.4",
      },
      body: new URLSearchParams(form),
    });
    await response.arrayBuffer();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const equals = pair.indexOf("=");
      jar.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
    return response;
  };
  const sent = await post("/login?index", { intent: "email", email });
  expect(sent.status).toBe(302);
  const known = await code();
  // Without SMTP nobody knows the code: a wrong one still exercises the verify path and its cookies.
  const verified = await post("/login/verify", { intent: "verify", email, code: known ?? "000001" });
  if (known) expect(verified.status).toBe(302);
  const values = [...jar.values()].filter((value) => value.length >= 8);
  expect(values.length).toBeGreaterThan(0);
  return { values, signedIn: [...jar.keys()].some((name) => name.includes("session_token")) };
}

test.describe("no sign-in code, cookie or token at info or above, on a public APP_URL", () => {
  test("without SMTP_URL: a start-up warning, e-mails neither sent nor logged", async () => {
    const server = await startServer("logs-public-no-smtp", { ...json, APP_URL: PUBLIC_URL });
    try {
      await waitForLine(server, (line) => line.level === 40 && line.msg.includes("SMTP_URL is not set"));
      const { values } = await signIn(server, "user@example.com", async () => undefined);
      await waitForLine(server, (line) => line.msg === "e-mail not sent: SMTP_URL is not set");
      await waitForLine(server, (line) => line.request?.path === "/login/verify");
      const printed = printedAtInfo(server);
      expect(printed).not.toMatch(/\b\d{6}\b/);
      for (const value of values) expect(printed).not.toContain(value);
      expect(printed).not.toContain(decodeURIComponent(values[0]!));
    } finally {
      await server.stop();
    }
  });

  test("with SMTP_URL: the code goes by e-mail, and neither it nor the session appears in the log", async () => {
    const mail = await new SmtpSink().start();
    const server = await startServer("logs-public-smtp", { ...json, APP_URL: PUBLIC_URL, SMTP_URL: mail.url });
    try {
      let code = "";
      const since = Date.now();
      const { values, signedIn } = await signIn(server, "admin@example.com", async () => {
        code = await mail.waitForCode("admin@example.com", { since });
        return code;
      });
      expect(signedIn).toBe(true);
      await waitForLine(server, (line) => line.request?.path === "/login/verify");
      // The e-mail's job writes its line after the e-mail has gone: the log is read once it is there.
      await waitForLine(server, (line) => line.msg === "job" && line.kind === "email.sign-in-code");
      const printed = printedAtInfo(server);
      expect(printed).not.toContain(code);
      expect(printed).not.toMatch(/\b\d{6}\b/);
      for (const value of values) {
        expect(printed).not.toContain(value);
        expect(printed).not.toContain(decodeURIComponent(value).split(".")[0]!);
      }
    } finally {
      await server.stop();
      await mail.stop();
    }
  });
});
