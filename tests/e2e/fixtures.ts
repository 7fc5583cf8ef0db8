import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

import { GitHubStandIn } from "../support/github-stand-in";
import { SmtpSink } from "../support/smtp-sink";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "./server";

type WorkerFixtures = {
  mail: SmtpSink;
  github: GitHubStandIn;
  app: TestServer;
  signUpOffApp: TestServer;
  demoApp: TestServer;
  /** The app at http://localhost: WebAuthn refuses an IP address as the site's name (app/features/account/passkeys.spec.ts). */
  localhostApp: TestServer;
};

let clientCounter = 0;

/**
 * A server under test sends its e-mail to the worker's SMTP sink and meets "GitHub" at the local stand-in. It keeps
 * its audit trail for the longest retention allowed: specs write entries dated in the past, which the hourly pruning
 * (at minute 17) would otherwise delete in the middle of a spec.
 */
const withMailAndGitHub = (mail: SmtpSink, github: GitHubStandIn) => ({
  SMTP_URL: mail.url,
  AUDIT_RETENTION_DAYS: "36500",
  GITHUB_CLIENT_ID: "groundwork-test",
  GITHUB_CLIENT_SECRET: "groundwork-test-secret",
  GITHUB_STAND_IN_URL: github.url,
});

/**
 * The worker's parts without a browser: its servers, SMTP sink and GitHub stand-in, and `request` aimed at its server.
 * A server spec that needs no server of its own (no env, log or shutdown of its own to watch) shares the worker's.
 */
export const httpTest = base.extend<object, WorkerFixtures>({
  mail: [
    async ({}, use) => {
      const sink = await new SmtpSink().start();
      await use(sink);
      await sink.stop();
    },
    { scope: "worker" },
  ],
  github: [
    async ({}, use) => {
      const standIn = await new GitHubStandIn().start();
      await use(standIn);
      await standIn.stop();
    },
    { scope: "worker" },
  ],
  app: [
    async ({ mail, github }, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.workerIndex}`, withMailAndGitHub(mail, github));
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  signUpOffApp: [
    async ({ mail, github }, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.workerIndex}-signup-off`, {
        ...withMailAndGitHub(mail, github),
        SIGN_UP_ENABLED: "false",
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  localhostApp: [
    async ({ mail, github }, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.workerIndex}-localhost`, withMailAndGitHub(mail, github), {
        hostname: "localhost",
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  demoApp: [
    async ({ mail }, use, workerInfo) => {
      // The demo server also plays a named environment, for the banner and the title prefix.
      const server = await startServer(`w${workerInfo.workerIndex}-demo`, {
        SMTP_URL: mail.url,
        DEMO_MODE: "true",
        ENV_NAME: "Staging",
        ENV_EMOJI: "🚧",
        ENV_COLOR: "#f59e0b",
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
  // Each test is its own client for the rate limiter: the server trusts X-Forwarded-For in tests (TRUST_PROXY).
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clientCounter += 1;
    await use({ "X-Forwarded-For": `198.51.100.${(testInfo.workerIndex * 50 + clientCounter) % 250}` });
  },
});

export const test = httpTest.extend<{ consoleErrors: string[] }>({
  context: async ({ context, github }, use) => {
    // The browser's trips to github.com go to the local stand-in; nothing leaves the machine.
    await context.route(/^https:\/\/github\.com\//, async (route) => {
      const url = route.request().url().replace("https://github.com", github.url);
      const response = await route.fetch({ url, maxRedirects: 0 });
      await route.fulfill({ response });
    });
    await use(context);
  },
  // In the JavaScript project a test acts on a page JavaScript has taken over, as a person does once it has loaded: a
  // page opened by goto or reload is waited for (hydrates, below). A test about the moment before JavaScript takes over
  // opens its page with `waitUntil: "commit"` (or "domcontentloaded"), and is not waited for.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const settled = async <T>(response: T, waitUntil: string | undefined): Promise<T> => {
      if (waitUntil === undefined || waitUntil === "load" || waitUntil === "networkidle") await hydrates(page);
      return response;
    };
    page.goto = async (url, options) => settled(await goto(url, options), options?.waitUntil);
    page.reload = async (options) => settled(await reload(options), options?.waitUntil);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // A 4xx answer to a form post is the product working; anything else printed as an error is a bug.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${testInfo.project.name}-${random}@example.test`;
}

/** Fills the login form and submits it; lands on the code page. */
export async function requestCode(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
}

export async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
}

/** Signs in with the code from the e-mail; finishes onboarding with `name` when it is asked for. */
export async function signIn(page: Page, mail: SmtpSink, email: string, name = "Test Person") {
  const since = Date.now();
  await requestCode(page, email);
  await enterCode(page, await mail.waitForCode(email, { since }));
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  if (new URL(page.url()).pathname === "/onboarding") {
    await page.getByLabel("What is your name?").fill(name);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname !== "/onboarding");
  }
}

/** Runs SQL on the worker's database: for arranging state the product has no screen for yet (roles, bans). */
export async function sql(databaseUrl: string, statement: string, args: Array<string | number | null> = []) {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: databaseUrl, timeout: 5000 });
  try {
    return await client.execute({ sql: statement, args });
  } finally {
    client.close();
  }
}

/**
 * The e-mails queued on a server's database since `since` (ms), each with its job's state. An e-mail leaves through
 * the job queue after the answer (ADR 046), so "nothing was sent" is checked here, where the job would have been
 * committed with the request; the SMTP sink alone would pass before the e-mail had a chance to go. A finished job
 * keeps no payload (its address is gone), so a spec asks this of a server no other test uses meanwhile: its own, or
 * its worker's (tests run one at a time there).
 */
export async function emailJobs(databaseUrl: string, since: number) {
  const { rows } = await sql(
    databaseUrl,
    "select kind, state from job where kind like 'email.%' and created_at >= ? order by created_at",
    [since],
  );
  return rows.map((row) => ({ kind: String(row.kind), state: String(row.state) }));
}

/**
 * A session made on the server for specs that are not about signing in: a user (onboarded, with a role) and a session
 * row in the worker's database, and the session cookie signed as better-auth signs it (HMAC-SHA256 of the token with
 * the server's secret). It spares those specs the e-mail round trip; the sign-in specs keep the real journey.
 */
export async function sessionCookie(
  app: TestServer,
  user: { email: string; name: string; role: "admin" | "user"; id?: string },
  options: { impersonatedBy?: string } = {},
) {
  const now = Date.now();
  const userId = user.id ?? randomUUID();
  const token = randomBytes(24).toString("base64url");
  await sql(
    app.databaseUrl,
    "insert into user (id, name, email, email_verified, role, onboarded_at, created_at, updated_at) values (?, ?, ?, 1, ?, ?, ?, ?)",
    [userId, user.name, user.email, user.role, now, now, now],
  );
  await sql(
    app.databaseUrl,
    "insert into session (id, token, user_id, expires_at, created_at, updated_at, impersonated_by) values (?, ?, ?, ?, ?, ?, ?)",
    [randomUUID(), token, userId, now + 24 * 60 * 60 * 1000, now, now, options.impersonatedBy ?? null],
  );
  const signature = createHmac("sha256", TEST_AUTH_SECRET).update(token).digest("base64");
  return { name: "better-auth.session_token", value: encodeURIComponent(`${token}.${signature}`), userId };
}

/**
 * A fresh onboarded account with the given role, signed in in this browser (a session made on the server), its
 * step-up done.
 */
export async function signInWithRole(
  page: Page,
  _mail: SmtpSink,
  app: TestServer,
  testInfo: TestInfo,
  role: "admin" | "user",
) {
  const email = uniqueEmail(testInfo, role);
  const cookie = await sessionCookie(app, { email, name: role === "admin" ? "Ada Admin" : "Uma User", role });
  await page
    .context()
    .addCookies([{ name: cookie.name, value: cookie.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  // Its step-up done, as after a sign-in of a minute ago: the specs that use this are about what follows (ADR 053).
  await stepUpDone(app, cookie.userId);
  // Where a sign-in lands: the person's area.
  await page.goto(role === "admin" ? "/manager" : "/app");
  return email;
}

/**
 * Whether this page runs JavaScript (JS project, and not a sign-in page, which ships none): then wait for it. A click
 * or a form sent while the script is still taking over the page races it, and a test's steps must not.
 */
export async function hydrates(page: Page): Promise<boolean> {
  if (test.info().project.use.javaScriptEnabled === false) return false;
  // After a full-page navigation (a link followed by Enter, a form sent) the URL changes before the document has
  // loaded: count its scripts only once it has.
  await page.waitForLoadState("load");
  if ((await page.locator("script[type=module]").count()) === 0) return false;
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return true;
}

/**
 * Chooses a language or a theme as a person would: one click on its button (no Apply, JavaScript or not). In /app and
 * /manager the pickers sit in the person's menu, which is opened first.
 */
export async function choosePreference(page: Page, group: string, option: string) {
  await hydrates(page);
  const picker = page.getByRole("group", { name: group, exact: true });
  if (!(await picker.isVisible())) await page.getByLabel(/^Account menu, /).click();
  await picker.getByRole("button", { name: option, exact: true }).click();
  await page.waitForLoadState("load");
}

/** Signs out as a person would: the Sign out item of their menu in the header. */
export async function signOutFromMenu(page: Page) {
  await hydrates(page);
  const signOut = page.getByRole("button", { name: "Sign out" });
  // A page that revalidates just after an action can re-render the menu closed between the two clicks: open it again.
  // On a busy machine a click can go through and still time out: then the page has left for /login, where a new try
  // would wait for the menu until the test's own timeout.
  await expect(async () => {
    if (new URL(page.url()).pathname.startsWith("/login")) return;
    if (!(await signOut.isVisible())) await page.getByLabel(/^Account menu, /).click({ timeout: 2_000 });
    await signOut.click({ timeout: 2_000 });
  }).toPass();
}

/** Searches the list: with JavaScript it runs as you type, without it the Search button sends the form. */
export async function searchFor(page: Page, term: string, testInfo: TestInfo) {
  await hydrates(page);
  await page.getByRole("searchbox", { name: "Search" }).fill(term);
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]searchTerm=${encodeURIComponent(term).replace(/%20/g, "\\+")}`));
}

/**
 * A step-up just done (ADR 053) in every session of this person (an id or an address), for specs about what follows
 * it; tests/e2e/step-up.spec.ts takes the step-up itself.
 */
export async function stepUpDone(app: TestServer, person: string) {
  await sql(
    app.databaseUrl,
    "insert or replace into step_up (session_id, verified_at) select session.id, ? from session join user on user.id = session.user_id where user.id = ? or user.email = ?",
    [Date.now(), person, person],
  );
}
