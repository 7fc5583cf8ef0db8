import type { Locator, Page } from "@playwright/test";

import { choosePreference, enterCode, expect, signIn, signInWithRole, sql, test, uniqueEmail } from "./fixtures";

const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

// Tests with nothing for the JavaScript-off run to check again (playwright.config.ts): the sign-in pages ship no
// script, a rendering or focus check, the moment scripts take over.
const jsOnly = { tag: "@js-only" };

test.describe("languages", () => {
  test("the language switch persists across pages, and Arabic reads right to left", jsOnly, async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await choosePreference(page, "Language", "Français");
    await expect(page.getByRole("heading", { name: "Connexion ou inscription" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.goto("/login/error?error=access_denied");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await choosePreference(page, "Langue", "العربية");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    await choosePreference(page, "اللغة", "Kiswahili");
    await expect(page.locator("html")).toHaveAttribute("lang", "sw");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await page.goto("/login/verify?email=a%40example.test");
    await expect(page.getByRole("button", { name: "Thibitisha" })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === "lng");
    expect(JSON.parse(atob(decodeURIComponent(cookie!.value))), 'React Router\'s cookie encoding of "sw"').toBe("sw");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(43200 * 60 - 120);
  });

  test("?lng= wins over the cookie, then Accept-Language decides", jsOnly, async ({ browser, app }) => {
    const context = await browser.newContext({
      baseURL: app.url,
      locale: "fr-FR",
      extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" },
    });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.goto("/login?lng=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.goto("/login");
    await expect(page.locator("html"), "the choice is remembered").toHaveAttribute("lang", "ar");
    await context.close();
  });
});

test.describe("themes", () => {
  test("the theme switch persists and is rendered by the server", jsOnly, async ({ page, request }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveClass("system");
    await choosePreference(page, "Theme", "Dark");
    await expect(page.locator("html")).toHaveClass("dark");
    const cookie = (await page.context().cookies()).find((c) => c.name === "theme")!;
    const html = await (await request.get("/login", { headers: { Cookie: `${cookie.name}=${cookie.value}` } })).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);

    // No flash: the class the server sent is the class after the page has loaded.
    const classes: string[] = [];
    page.on("domcontentloaded", async () => classes.push((await page.locator("html").getAttribute("class")) ?? ""));
    await page.goto("/login/error");
    await page.waitForLoadState("networkidle");
    classes.push((await page.locator("html").getAttribute("class")) ?? "");
    expect(new Set(classes)).toEqual(new Set(["dark"]));

    await choosePreference(page, "Theme", "Light");
    await expect(page.locator("html")).toHaveClass("light");
  });
});

test.describe("themes on error pages", () => {
  test("a refused page keeps the person's theme and language, whatever the system prefers", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.context().addCookies([
      { name: "theme", value: encodeURIComponent(btoa(JSON.stringify("light"))), url: app.url },
      { name: "lng", value: encodeURIComponent(btoa(JSON.stringify("fr"))), url: app.url },
    ]);
    // The area's guard refuses before any loader runs, the root's too.
    const response = await page.goto("/manager/users");
    expect(response?.status()).toBe(403);
    await expect(page.locator("html")).toHaveClass("light");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.locator("meta[name=color-scheme]")).toHaveAttribute("content", "light");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background, "a light page").toMatch(/rgb\(255, 255, 255\)|oklch\(1 0 0\)/);
  });
});

/** Holds the page's scripts back 1.5 s, so a person can act on the HTML before JavaScript takes over. */
async function delayScripts(page: Page) {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

test.describe("themes, before JavaScript arrives", () => {
  test(
    "a choice made while the page is still loading its JavaScript is applied (a plain form)",
    jsOnly,
    async ({ page, mail }, testInfo) => {
      await signIn(page, mail, uniqueEmail(testInfo, "early"));
      await delayScripts(page);
      await page.goto("/app", { waitUntil: "commit" });
      await page.getByLabel(/^Account menu, /).click();
      await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
      await expect(page.locator("html")).toHaveClass("dark", { timeout: 15_000 });
    },
  );
});

test.describe("page frame", () => {
  test("the environment banner and the title prefix", jsOnly, async ({ page, demoApp, app }) => {
    await page.goto(`${demoApp.url}/login`);
    await expect(page.getByRole("note", { name: "Staging" })).toBeVisible();
    await expect(page).toHaveTitle("🚧 Log in | Groundwork");
    await page.goto(`${app.url}/login`);
    // Sign-up is open on this server: the title says what the heading says.
    await expect(page).toHaveTitle("Login or Sign up | Groundwork");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login or Sign up");
    await expect(page.getByRole("note")).toHaveCount(0);
  });

  test("each area has its own not-found page with a real 404", jsOnly, async ({ page, mail, app }, testInfo) => {
    let response = await page.goto("/nowhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page cannot be found" })).toBeVisible();

    response = await page.goto("/login/nowhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page cannot be found" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Language" })).toBeVisible();

    await signInWithRole(page, mail, app, testInfo, "admin");
    response = await page.goto("/app/nowhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page cannot be found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" }).first()).toBeAttached();

    response = await page.goto("/manager/nowhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page cannot be found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeAttached();
    await page.getByRole("link", { name: "Go home" }).click();
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
  });

  test("on a phone, the menu's summary says Open menu when closed and Close menu when open", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/repositories");
    const menu = page.locator("details", { has: page.locator("summary") }).filter({ hasText: "Open menu" });
    const summary = menu.locator(":scope > summary");
    await expect(summary).toHaveAccessibleName("Open menu");
    await expect(summary).toBeVisible();
    await summary.click();
    await expect(summary).toHaveAccessibleName("Close menu");
    await expect(menu.getByRole("link", { name: "Repositories" })).toBeVisible();
    await summary.click();
    await expect(summary).toHaveAccessibleName("Open menu");
    await expect(menu.getByRole("link", { name: "Repositories" })).toBeHidden();
  });

  test("an error boundary offers Try again, which reloads the data", async ({ page, mail, app }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "retry"));
    // A repository's page with its table gone: a list would show its own error state, a page fails.
    const [libsql] = (await sql(app.databaseUrl, "select id from repository where name = 'libsql'")).rows;
    await sql(app.databaseUrl, "alter table repository rename to repository_away");
    try {
      const response = await page.goto(`/app/repositories/${libsql!.id}`);
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Repositories" }).first(), "the layout stays").toBeAttached();
    } finally {
      await sql(app.databaseUrl, "alter table repository_away rename to repository");
    }
    const tryAgain = page.getByRole("button", { name: "Try again" }).or(page.getByRole("link", { name: "Try again" }));
    await tryAgain.click();
    await expect(page.getByRole("heading", { name: "libsql" })).toBeVisible();
  });
});

test.describe("the error page", () => {
  test("offers one first choice, Try again, and a reference to give support: the id of the request's log line", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    const [libsql] = (await sql(app.databaseUrl, "select id from repository where name = 'libsql'")).rows;
    await sql(app.databaseUrl, "alter table repository rename to repository_gone");
    try {
      const response = await page.goto(`/app/repositories/${libsql!.id}`);
      expect(response?.status()).toBe(500);
    } finally {
      await sql(app.databaseUrl, "alter table repository_gone rename to repository");
    }
    const tryAgain = page.getByRole("button", { name: "Try again" }).or(page.getByRole("link", { name: "Try again" }));
    const goHome = page.getByRole("link", { name: "Go home" });
    expect(await backgroundOf(goHome), "Go home is not a second primary button").not.toBe(await backgroundOf(tryAgain));
    const reference = page.getByText(/^Reference to give support:/);
    await expect(reference).toBeVisible();
    const id = (await reference.innerText()).replace(/^Reference to give support:\s*/, "");
    expect(id).toMatch(/^[\w-]{8,}$/);
    await expect.poll(() => app.logs.join("").includes(id), { message: "the error's log line names it" }).toBe(true);
  });
});

test.describe("toasts and confirmations", () => {
  test("a message set by an action survives the redirect", async ({ page, mail }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "toast"));
    await page.goto("/app/account");
    await page.getByRole("link", { name: "Change name" }).click();
    await expect(page).toHaveURL(/state=change-name/);
    const dialog = page.getByRole("dialog", { name: "Change your name" });
    await dialog.getByLabel("Name").fill("Katherine Johnson");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your name was updated.")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByText("Katherine Johnson").first()).toBeVisible();
    await page.reload();
    await expect(page.getByText("Your name was updated."), "a flash is shown once").toHaveCount(0);
  });

  test("a destructive action asks for confirmation first", async ({ page, mail, app }, testInfo) => {
    const email = uniqueEmail(testInfo, "confirm");
    await signIn(page, mail, email);
    // Another device of the same person, so that there is somewhere else to sign out of.
    await sql(
      app.databaseUrl,
      "insert into session (id, token, user_id, expires_at, created_at, updated_at) select ?, ?, id, ?, ?, ? from user where email = ?",
      [`other-${email}`, `token-${email}`, Date.now() + 60_000, Date.now(), Date.now(), email],
    );
    await page.goto("/app/account");
    await page.getByRole("link", { name: "Sign out everywhere else" }).click();
    await expect(page.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Are you sure?" })).toHaveCount(0);
    await page.getByRole("link", { name: "Sign out everywhere else" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("You are signed out of all other devices.")).toBeVisible();
  });
});

test.describe("demo mode", () => {
  test("a mutation is refused on the server, said in its dialog, and nothing changes", async ({ page, demoApp }) => {
    await page.goto(`${demoApp.url}/login`);
    await expect(page.getByText("This is a demo")).toBeVisible();
    await page.getByLabel("Email").fill("user@example.com");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await enterCode(page, "000000");
    await expect(page).toHaveURL(/\/app$/);
    await page.goto(`${demoApp.url}/app/account?state=change-name`);
    await page.getByRole("dialog").getByLabel("Name").fill("Changed In Demo");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    // The refusal is said in the form's own dialog, which keeps what was typed (demo-mode.spec.ts has the rest).
    await expect(
      page.getByRole("dialog").getByText("This is a read-only demo, this action is disabled."),
    ).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("Name")).toHaveValue("Changed In Demo");
    const rows = await sql(demoApp.databaseUrl, "select name from user where email = 'user@example.com'");
    expect(rows.rows[0]?.name).toBe("User");

    // Language and theme stay allowed.
    await page.goto(`${demoApp.url}/app`);
    await choosePreference(page, "Theme", "Dark");
    await expect(page.locator("html")).toHaveClass("dark");
  });
});

test.describe("search, before JavaScript arrives", () => {
  test(
    "a term typed while the page is still loading its JavaScript is searched once it has",
    jsOnly,
    async ({ page, mail }, testInfo) => {
      await signIn(page, mail, uniqueEmail(testInfo, "early-search"));
      await delayScripts(page);
      await page.goto("/app/repositories", { waitUntil: "commit" });
      await page.getByRole("searchbox").fill("libsql");
      await expect(page).toHaveURL(/searchTerm=libsql/, { timeout: 15_000 });
      await expect(page.getByRole("searchbox")).toHaveValue("libsql");
    },
  );
});

/** Whether the element at the centre of `control` is the control itself (or inside it): nothing covers it. */
async function isUncovered(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
}

const fontWeight = (link: Locator) => link.evaluate((element) => Number(getComputedStyle(element).fontWeight));

test.describe("the shell", () => {
  test(
    "the manager's navigation keeps to one line from 1024 px, the account page in the person's menu",
    jsOnly,
    async ({ page, mail, app }, testInfo) => {
      await signInWithRole(page, mail, app, testInfo, "admin");
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/manager/users");
        const links = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link");
        await expect(links.filter({ visible: true })).toHaveText([
          "Dashboard",
          "Users",
          "Organizations",
          "Repositories",
          "Audit trail",
          "Jobs",
        ]);
        const tops = await links
          .filter({ visible: true })
          .evaluateAll((all) => all.map((link) => Math.round(link.getBoundingClientRect().top)));
        expect(new Set(tops).size, `one line at ${width} px: ${tops.join(", ")}`).toBe(1);
      }
      // Once, in the person's menu (and in the phone menu's navigation, where the person's menu lies open).
      await page.getByLabel(/^Account menu, /).click();
      await expect(page.getByRole("link", { name: "Account", exact: true })).toHaveCount(1);
      await page.getByRole("link", { name: "Account", exact: true }).click();
      await expect(page).toHaveURL(/\/manager\/account$/);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.locator("summary").filter({ hasText: "Open menu" }).click();
      await expect(page.getByRole("link", { name: "Account", exact: true }).filter({ visible: true })).toHaveCount(1);
    },
  );

  test("the header shows the logo, navigation with the current page marked, and the person's menu", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/repositories");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Groundwork" })).toHaveAttribute("href", "/app");
    const navigation = banner.getByRole("navigation", { name: "Main navigation" });
    const current = navigation.getByRole("link", { name: "Repositories" });
    const other = navigation.getByRole("link", { name: "Organizations" });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(other).not.toHaveAttribute("aria-current", "page");
    // Not colour alone: the current page is also bold and underlined by a bar.
    expect(await fontWeight(current)).toBeGreaterThan(await fontWeight(other));
    expect(await current.evaluate((element) => getComputedStyle(element, "::after").height)).toBe("2px");

    // Rendered once for every width (ADR 031): one navigation, one set of preferences, one sign-out in the page.
    await expect(page.locator("nav")).toHaveCount(1);
    await expect(page.getByRole("group", { name: "Theme", includeHidden: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign out", includeHidden: true })).toHaveCount(1);
    await expect(page.getByText("Open menu"), "the phone menu's summary is gone from 768 px").toBeHidden();

    // The person's menu: initials, then account, language, theme and sign-out, JavaScript or not.
    const summary = page.getByLabel("Account menu, Uma User");
    await expect(summary).toContainText("UU");
    await summary.click();
    const menu = page.locator("details[open]", { has: summary });
    await expect(menu.getByText(/^user-.+@example\.test$/)).toBeVisible();
    await expect(menu.getByRole("link", { name: "Account" })).toBeVisible();
    await expect(
      menu.getByRole("group", { name: "Language" }).getByRole("button", { name: "English" }),
    ).toHaveAttribute("aria-pressed", "true");
    await expect(menu.getByRole("group", { name: "Theme" }).getByRole("button")).toHaveCount(3);
    await menu.getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByLabel("Account menu, Uma User").locator("xpath=..")).not.toHaveAttribute("open");
  });

  test("without JavaScript the flash is a strip in the flow: it covers no control and can be closed", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === "js",
      "about the flash as the server renders it; with JavaScript it is a toast",
    );
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/account?state=change-name");
    const dialog = page.getByRole("dialog", { name: "Change your name" });
    await dialog.getByLabel("Name").fill("Grace Hopper");
    await dialog.getByRole("button", { name: "Save" }).click();
    const flash = page.getByRole("status").filter({ hasText: "Your name was updated." });
    await expect(flash).toHaveText("Success: Your name was updated.");
    // Positions are read from the page as drawn: before its stylesheet has loaded, the header is the closed menu alone.
    await page.waitForLoadState("load");

    const summary = page.getByLabel("Account menu, Grace Hopper");
    expect(await isUncovered(summary), "the menu's summary is not under the flash").toBe(true);
    await summary.click();
    const signOut = page.getByRole("button", { name: "Sign out" });
    await expect(signOut).toBeVisible();
    expect(await isUncovered(signOut), "Sign out is not under the flash").toBe(true);

    await page
      .locator("summary")
      .filter({ hasText: /^Close$/ })
      .click();
    await expect(flash).toBeHidden();
    await signOut.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  // Escape and outside clicks are what JavaScript adds to the menus.
  test(
    "Escape closes the person's menu and the phone menu and gives focus back to their summary",
    jsOnly,
    async ({ page, mail, app }, testInfo) => {
      await signInWithRole(page, mail, app, testInfo, "user");
      await page.goto("/app/repositories");
      const summary = page.getByLabel("Account menu, Uma User");
      const menu = summary.locator("xpath=..");
      await summary.click();
      await expect(menu).toHaveAttribute("open");
      await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Light" }).focus();
      await page.keyboard.press("Escape");
      await expect(menu).not.toHaveAttribute("open");
      await expect(summary).toBeFocused();
      await summary.click();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(menu, "a click outside closes it").not.toHaveAttribute("open");

      await page.setViewportSize({ width: 375, height: 740 });
      const phoneSummary = page.locator("summary").filter({ hasText: "Open menu" });
      await phoneSummary.click();
      const phoneMenu = phoneSummary.locator("xpath=..");
      await expect(phoneMenu).toHaveAttribute("open");
      await phoneMenu.getByRole("link", { name: "Organizations" }).focus();
      await page.keyboard.press("Escape");
      await expect(phoneMenu).not.toHaveAttribute("open");
      await expect(phoneSummary).toBeFocused();
      await expect(phoneSummary).toHaveAccessibleName("Open menu");
    },
  );

  test("on a phone, the menu holds the navigation, the person, the preferences and sign-out", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app");
    await expect(page.getByLabel(/^Account menu, /)).toBeHidden();
    await page.locator("summary").filter({ hasText: "Open menu" }).click();
    const menu = page.locator("details[open]");
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByText("Uma User").filter({ visible: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Account" })).toBeVisible();
    await menu.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await page.locator("summary").filter({ hasText: "Open menu" }).click();
    await page.locator("details[open]").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test(
    "the header's focus order is its visual order, and on a phone the organization switcher is in the menu",
    jsOnly,
    async ({ page, mail, app }, testInfo) => {
      await signInWithRole(page, mail, app, testInfo, "user");
      await page.goto("/app/organizations");
      await page.getByLabel("Name", { exact: true }).fill("Header Order");
      await page.getByLabel("Slug", { exact: true }).fill(`header-${testInfo.project.name}-${Date.now()}`);
      await page.getByRole("button", { name: "Create an organization" }).click();
      const switcher = page.getByLabel("Active organization");
      await expect(switcher).toHaveValue(/.+/);

      // From the logo, Tab walks the navigation, the switcher, then the person's menu: left to right, as they are drawn.
      await page.getByRole("banner").getByRole("link", { name: "Groundwork" }).focus();
      const stops: { left: number; label: string }[] = [];
      for (let index = 0; index < 12; index++) {
        await page.keyboard.press("Tab");
        const stop = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element?.closest("header")) return null;
          return {
            left: element.getBoundingClientRect().left,
            label: element.getAttribute("aria-label") ?? element.id ?? "",
          };
        });
        if (!stop) break;
        stops.push(stop);
      }
      expect(stops.map(({ label }) => label)).toContain("active-organization");
      expect(stops.at(-1)?.label).toMatch(/^Account menu, /);
      const lefts = stops.map(({ left }) => left);
      expect(lefts, "each stop is right of the one before").toEqual([...lefts].sort((a, b) => a - b));

      await page.setViewportSize({ width: 375, height: 740 });
      await expect(switcher).toBeHidden();
      await page.locator("summary").filter({ hasText: "Open menu" }).click();
      await expect(page.locator("details[open]").getByLabel("Active organization")).toBeVisible();
    },
  );

  test(
    "the error page's title carries the environment's prefix like every other title",
    jsOnly,
    async ({ page, demoApp }) => {
      const response = await page.goto(`${demoApp.url}/nowhere`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("🚧 Page not found | Groundwork");
      await page.goto(`${demoApp.url}/login/nowhere`);
      await expect(page).toHaveTitle("🚧 Page not found | Groundwork");
    },
  );
});

test.describe("what a page asks of the server", () => {
  test(
    "pointing at links asks for nothing, and following one asks for its page once",
    jsOnly,
    async ({ page, mail, app }, testInfo) => {
      await signInWithRole(page, mail, app, testInfo, "admin");
      // Every request but the build's files: pages, their data, and React Router's route discovery (ADR 032).
      const asked: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (!pathname.startsWith("/assets/") && pathname !== "/favicon.svg") asked.push(pathname);
      });
      await page.goto("/manager/repositories");
      await page.waitForLoadState("networkidle");

      // A signed-in page is never stored, so data fetched because a pointer passed over a link would be thrown away.
      const rows = page.getByRole("table", { name: "Repositories" }).getByRole("row");
      const users = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Users" });
      for (const link of [rows.nth(1).getByRole("link"), rows.nth(2).getByRole("link"), users]) {
        await link.hover();
        await page.waitForLoadState("networkidle");
      }
      await users.click();
      await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
      await page.waitForLoadState("networkidle");

      const usersPage = testInfo.project.name === "no-js" ? "/manager/users" : "/manager/users.data";
      expect(asked).toEqual(["/manager/repositories", usersPage]);
    },
  );
});
