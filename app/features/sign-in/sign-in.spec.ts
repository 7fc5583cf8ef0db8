import {
  emailJobs,
  enterCode,
  expect,
  requestCode,
  signIn,
  signOutFromMenu,
  sql,
  test,
  uniqueEmail,
} from "../../../tests/e2e/fixtures";

// The sign-in pages ship no script (ADR 007): a test that acts on them alone, or checks what the server answers, runs
// the same with JavaScript off, so it runs once (@js-only, playwright.config.ts). Those that go through a form of a
// page that runs script (onboarding, the person's menu) run in both projects.
const jsOnly = { tag: "@js-only" };

test.describe("sign-in with an e-mail code", () => {
  test("the seeded user signs in and lands in the user area", jsOnly, async ({ page, mail }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Login or Sign up" })).toBeVisible();
    const since = Date.now();
    await requestCode(page, "user@example.com");
    await expect(page.getByText("We sent a code to user@example.com.")).toBeVisible();
    await expect(page.getByText("The code expires in 5 minutes.")).toBeVisible();
    const email = await mail.waitForEmail("user@example.com", { since });
    const code = email.text.match(/\b\d{6}\b/)?.[0];
    expect(code, "the e-mail's text part carries the code").toBeTruthy();
    await enterCode(page, code!);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole("heading", { name: "Hello, User" })).toBeVisible();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("session_token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
  });

  test("the seeded admin lands in the manager area", jsOnly, async ({ page, mail }) => {
    await signIn(page, mail, "admin@example.com");
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("a new address signs up through onboarding, which cannot be skipped", async ({ page, mail }, testInfo) => {
    const email = uniqueEmail(testInfo, "new");
    const since = Date.now();
    await requestCode(page, email);
    await enterCode(page, await mail.waitForCode(email, { since }));
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText(`Logged in with ${email}`)).toBeVisible();

    await page.goto("/app");
    await expect(page, "the user area sends back to onboarding").toHaveURL(/\/onboarding\?redirect=%2Fapp$/);

    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await page.getByLabel("What is your name?").fill("Grace Hopper");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole("heading", { name: "Hello, Grace Hopper" })).toBeVisible();
  });

  test("form errors are the spec's messages and keep what was typed", jsOnly, async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").fill("a@b");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page.getByText("Email is invalid")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("a@b");

    await page.goto("/login/verify?email=someone%40example.test");
    await page.getByLabel("Code").fill("123");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Code should be 6 characters")).toBeVisible();
    await expect(page.getByLabel("Code")).toHaveValue("123");
  });

  test("the code page needs a well-formed e-mail", jsOnly, async ({ page }) => {
    await page.goto("/login/verify?email=not-an-email&redirect=%2Fapp");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
  });

  test("three wrong codes kill the code, even when the right one follows", jsOnly, async ({ page, mail }, testInfo) => {
    const email = uniqueEmail(testInfo, "lockout");
    const since = Date.now();
    await requestCode(page, email);
    const code = await mail.waitForCode(email, { since });
    const wrong = code === "000000" ? "111111" : "000000";
    // The page ships no script: each code is a whole page sent and loaded. The texts repeat, so each answer is waited
    // for by its page's load, never by a text the page before already showed.
    const send = async (typed: string) => {
      const loaded = page.waitForEvent("load");
      await enterCode(page, typed);
      await loaded;
    };
    await send(wrong);
    await expect(page.getByText("Code is invalid")).toBeVisible();
    await send(wrong);
    await expect(page.getByText("Code is invalid")).toBeVisible();
    await send(wrong);
    await expect(page.getByText("Too many wrong codes: this code no longer works. Request a new code.")).toBeVisible();
    await send(code);
    await expect(page.getByText("Too many wrong codes: this code no longer works. Request a new code.")).toBeVisible();
    await expect(page).toHaveURL(/\/login\/verify/);

    const resentSince = Date.now();
    await page.getByRole("button", { name: "Resend code" }).click();
    await expect(page.getByText("A new code is on its way.")).toBeVisible();
    const fresh = await mail.waitForCode(email, { since: resentSince });
    await enterCode(page, fresh);
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("anonymous /app goes to login and comes back after sign-in", async ({ page, mail }, testInfo) => {
    await page.goto("/app");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
    const email = uniqueEmail(testInfo, "back");
    const since = Date.now();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page).toHaveURL(/redirect=%2Fapp/);
    await enterCode(page, await mail.waitForCode(email, { since }));
    await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fapp$/);
    await page.getByLabel("What is your name?").fill("Ada");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test("a redirect to another site is ignored", jsOnly, async ({ page, mail }, testInfo) => {
    const email = uniqueEmail(testInfo, "offsite");
    await page.goto("/login?redirect=https%3A%2F%2Fevil.example%2F");
    const since = Date.now();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page).toHaveURL(/\/login\/verify\?email=[^&]+$/);
    await enterCode(page, await mail.waitForCode(email, { since }));
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("an ordinary user gets the 403 page in the manager area", jsOnly, async ({ page, mail }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "user403"));
    const response = await page.goto("/manager");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();
  });

  test("sign-out ends the session on the server", async ({ page, mail, request }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "signout"));
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"))!;
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/app");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
    const replay = await request.get("/app", {
      headers: { Cookie: `${cookie.name}=${cookie.value}` },
      maxRedirects: 0,
    });
    expect(replay.status(), "the old cookie no longer opens the user area").toBe(302);
    expect(replay.headers().location).toContain("/login");
  });

  test("after sign-out the login page says so, as information, once", async ({ page, mail }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "signed-out"));
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    const message = page.getByText("You are signed out. See you soon!");
    await expect(message).toBeVisible();
    if (testInfo.project.name === "js") {
      // The page that signed out runs JavaScript: an info toast.
      await expect(page.locator("[data-sonner-toast]", { has: message })).toHaveAttribute("data-type", "info");
    } else {
      // Without it, the server's status strip, its type named for screen readers.
      await expect(page.getByRole("status")).toHaveText("Information: You are signed out. See you soon!");
    }
    await page.reload();
    await expect(message, "shown once").toHaveCount(0);
  });

  test(
    "a ban ends the sessions the user already has, at their next request",
    jsOnly,
    async ({ page, mail, app }, testInfo) => {
      const email = uniqueEmail(testInfo, "banned-live");
      await signIn(page, mail, email);
      await page.goto("/app/account");
      await sql(app.databaseUrl, "update user set banned = 1 where email = ?", [email]);
      await page.goto("/app/account");
      await expect(page).toHaveURL(/\/login\?redirect=%2Fapp%2Faccount$/);
      const sessions = await sql(
        app.databaseUrl,
        "select count(*) as n from session where user_id = (select id from user where email = ?)",
        [email],
      );
      expect(Number(sessions.rows[0]?.n)).toBe(0);
    },
  );

  test("pages for a signed-in person are never cached", jsOnly, async ({ page, mail }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "nocache"));
    const response = await page.goto("/app/account");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
  });

  test("a banned user is told so", jsOnly, async ({ page, mail, app }, testInfo) => {
    const email = uniqueEmail(testInfo, "banned");
    await signIn(page, mail, email);
    await signOutFromMenu(page);
    await sql(app.databaseUrl, "update user set banned = 1 where email = ?", [email]);
    const since = Date.now();
    await requestCode(page, email);
    await enterCode(page, await mail.waitForCode(email, { since }));
    await expect(page.getByText("You have been banned from this application")).toBeVisible();
    await expect(page).toHaveURL(/\/login\/verify/);
  });
});

test.describe("language and theme on the sign-in pages", jsOnly, () => {
  test("one click switches the language, and another the theme: no Apply, no script, right under the card", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.locator("script[type=module]"), "the sign-in pages ship no JavaScript").toHaveCount(0);
    const languages = page.getByRole("group", { name: "Language" });
    // Both boxes read at one moment: the passkey script may add its button to the card between two reads.
    const gap = await languages.evaluate((pickers) => {
      const card = document.querySelector("main")!.getBoundingClientRect();
      return pickers.getBoundingClientRect().top - card.bottom;
    });
    expect(gap, "the pickers sit right under the card").toBeLessThan(80);
    await expect(languages.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");

    await languages.getByRole("button", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Connexion ou inscription" })).toBeVisible();
    const langues = page.getByRole("group", { name: "Langue" });
    await expect(langues.getByRole("button", { name: "Français" })).toHaveAttribute("aria-pressed", "true");
    await expect(langues.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("button", { name: /Appliquer|Apply/ })).toHaveCount(0);

    const themes = page.getByRole("group", { name: "Thème" });
    await themes.getByRole("button", { name: "Sombre" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("group", { name: "Thème" }).getByRole("button", { name: "Sombre" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("group", { name: "Thème" }).getByRole("button", { name: "Système" }).click();
    await expect(page.locator("html")).toHaveClass("system");
  });
});

test.describe("sign-up disabled", jsOnly, () => {
  test("an unknown address gets the same page as a known one, and no e-mail", async ({
    page,
    mail,
    signUpOffApp,
  }, testInfo) => {
    const unknown = uniqueEmail(testInfo, "unknown");
    const known = "user@example.com";
    const pageFor = async (email: string) => {
      await page.goto(`${signUpOffApp.url}/login`);
      await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
      await page.getByLabel("Email").fill(email);
      const [response] = await Promise.all([
        // The form's own post: with JavaScript the passkey script also posts, to /login/passkey, for its options.
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"),
        page.getByRole("button", { name: "Continue with e-mail" }).click(),
      ]);
      await expect(page).toHaveURL(/\/login\/verify\?/);
      const cookies = (await response.allHeaders())["set-cookie"] ?? "";
      return {
        status: response.status(),
        cookies: cookies.split("\n").map((cookie) => cookie.split("=")[0]),
        text: await page.getByRole("main").innerText(),
      };
    };
    const since = Date.now();
    const forKnown = await pageFor(known);
    const forUnknown = await pageFor(unknown);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.text.replace(unknown, "<email>")).toBe(forKnown.text.replace(known, "<email>"));
    expect(forUnknown.cookies).toEqual(forKnown.cookies);
    expect(forKnown.text).toContain(`If you have an account, we sent a code to ${known}.`);
    // Response times are compared with paired samples in `npm run bench:login enumeration`, not here.
    await mail.waitForEmail(known, { since });
    // The unknown address's e-mail job is queued like the known one's, and decides when it runs: both ran, and the
    // unknown one sent nothing.
    const ran = { kind: "email.sign-in-code", state: "done" };
    await expect.poll(() => emailJobs(signUpOffApp.databaseUrl, since)).toEqual([ran, ran]);
    expect(mail.messagesTo(unknown)).toHaveLength(0);

    await enterCode(page, "123456");
    await expect(page.getByText("Code is invalid")).toBeVisible();
  });
});

test.describe("security", jsOnly, () => {
  test("better-auth's own endpoints are closed to a signed-in script: our pages are the only way", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "script"), "Scripted");
    const request = page.context().request;
    const posts: Array<[string, object]> = [
      ["/email-otp/send-verification-otp", { email: "user@example.com", type: "sign-in" }],
      ["/update-user", { name: "x".repeat(100_000) }],
      ["/organization/create", { name: "Mine", slug: `mine-${testInfo.project.name}` }],
    ];
    for (const [path, data] of posts) {
      const response = await request.post(`${app.url}/api/auth${path}`, { headers: { Origin: app.url }, data });
      expect(response.status(), path).toBe(404);
    }
    for (const path of ["/get-session", "/list-sessions"]) {
      const response = await request.get(`${app.url}/api/auth${path}`);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toMatch(/token/i);
    }
    await page.goto("/app");
    await expect(page.getByRole("heading", { name: "Hello, Scripted" })).toBeVisible();
  });

  test("sending codes is limited per address: the fourth gets 429 and says when to retry", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "limit");
    for (let attempt = 0; attempt < 3; attempt++) await requestCode(page, email);
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"),
      page.getByRole("button", { name: "Continue with e-mail" }).click(),
    ]);
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("alert")).toContainText(/Too many attempts\. Try again in \d+ minutes\./);
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });
});

test.describe("nobody can lock a person out of sign-in", jsOnly, () => {
  test("while an attacker hammers the address from 50 clients, the person still signs in from their own browser", async ({
    page,
    mail,
    app,
    playwright,
  }, testInfo) => {
    const victim = uniqueEmail(testInfo, "victim");
    // The person signed in from this browser before (it keeps a device cookie), then signed out.
    await signIn(page, mail, victim, "Vic Tim");
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login$/);

    // The attacker, from 50 addresses: asks for codes for the address and guesses each one three times and more.
    const results: number[] = [];
    for (let client = 0; client < 50; client++) {
      const attacker = await playwright.request.newContext({
        baseURL: app.url,
        extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${client + 1}`, Origin: app.url },
      });
      const sent = await attacker.post("/login?index", { form: { intent: "email", email: victim }, maxRedirects: 0 });
      results.push(sent.status());
      for (let guess = 0; guess < 4; guess++) {
        const tried = await attacker.post(`/login/verify?email=${encodeURIComponent(victim)}`, {
          form: { intent: "verify", email: victim, code: String(100000 + guess) },
          maxRedirects: 0,
        });
        expect(tried.status(), "a guess is refused, never a sign-in").toBeGreaterThanOrEqual(400);
      }
      await attacker.dispose();
    }
    expect(results.filter((status) => status === 429).length, "the address's shared budget runs out").toBeGreaterThan(
      40,
    );

    // The codes the attacker got reach the person's inbox too, after the one they signed in with: wait for them, so
    // the code read next is the person's own.
    const sentToVictim = 1 + results.filter((status) => status === 302).length;
    await expect.poll(() => mail.messagesTo(victim).length).toBe(sentToVictim);
    // The person, in their own browser: a code arrives and works.
    const since = Date.now();
    await requestCode(page, victim);
    await enterCode(page, await mail.waitForCode(victim, { since }));
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole("heading", { name: "Hello, Vic Tim" })).toBeVisible();
  });

  test("wrong guesses from elsewhere do not burn the code a person is about to type", async ({
    page,
    mail,
    app,
    playwright,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "pending");
    const since = Date.now();
    await requestCode(page, email);
    const code = await mail.waitForCode(email, { since });
    const attacker = await playwright.request.newContext({
      baseURL: app.url,
      extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.200", Origin: app.url },
    });
    for (let guess = 0; guess < 5; guess++) {
      const tried = await attacker.post(`/login/verify?email=${encodeURIComponent(email)}`, {
        form: { intent: "verify", email, code: code === "000000" ? "111111" : "000000" },
        maxRedirects: 0,
      });
      expect(tried.status()).toBe(400);
    }
    await attacker.dispose();
    await enterCode(page, code);
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});
