import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";

import { expect, sessionCookie, sql, test, uniqueEmail } from "./fixtures";

/** Signs a fresh person in through a server-made session; returns their id. */
async function signInAs(
  page: Page,
  app: { url: string; databaseUrl: string },
  user: { email: string; name: string; role: "admin" | "user" },
) {
  const cookie = await sessionCookie(app as Parameters<typeof sessionCookie>[0], user);
  await page
    .context()
    .addCookies([{ name: cookie.name, value: cookie.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  return cookie.userId;
}

async function addRepository(databaseUrl: string, name: string, description: string) {
  const id = randomUUID();
  const now = Date.now();
  await sql(
    databaseUrl,
    "insert into repository (id, name, name_key, link, description, created_at, updated_at) values (?, ?, lower(?), ?, ?, ?, ?)",
    [id, name, name, `github.com/pages/${name}`, description, now, now],
  );
  return id;
}

/**
 * The page does not scroll sideways: the document is no wider than the window, and nothing on it (header, menus,
 * content) sticks out of the window (the message names what does).
 */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const outside = [...document.body.querySelectorAll("*")]
      .filter((element) => {
        // What a closed menu holds is not drawn (content-visibility: hidden), though it is laid out when measured.
        if (!element.checkVisibility()) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(-3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`);
    return { overflow: root.scrollWidth - width, outside };
  });
  expect(found, `${path} scrolls sideways`).toEqual({ overflow: 0, outside: [] });
}

test.describe("the home page", () => {
  test("a newcomer is greeted, offered real next steps, and invited to create an organization", async ({
    page,
    app,
  }, testInfo) => {
    await signInAs(page, app, { email: uniqueEmail(testInfo, "home-new"), name: "Nour Newcomer", role: "user" });
    await page.goto("/app");
    await expect(page.getByRole("heading", { name: "Hello, Nour Newcomer", level: 1 })).toBeVisible();
    const next = page.getByRole("region", { name: "What next" });
    await expect(next.getByRole("link", { name: /Create an organization/ })).toHaveAttribute(
      "href",
      "/app/organizations#create-organization",
    );
    await expect(next.getByRole("link", { name: /Browse repositories/ })).toHaveAttribute("href", "/app/repositories");
    await expect(next.getByRole("link", { name: /Review your account/ })).toHaveAttribute("href", "/app/account");
    // A person without the manager is not offered it (and the manager refuses them: permissions.server.spec.ts).
    await expect(next.getByRole("link", { name: /Open the manager/ })).toHaveCount(0);

    const organizations = page.getByRole("region", { name: "Your organizations" });
    await expect(organizations.getByText("No organization yet")).toBeVisible();
    await organizations.getByRole("link", { name: "Create an organization" }).click();
    await expect(page).toHaveURL(/\/app\/organizations#create-organization$/);
    await expect(page.getByRole("heading", { name: "Create an organization" })).toBeVisible();
  });

  test("a member sees their organizations with their role, the newest repositories and a waiting invitation", async ({
    page,
    app,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "home-member");
    const userId = await signInAs(page, app, { email, name: "Mina Member", role: "user" });
    const marker = Math.random().toString(36).slice(2, 8);
    const now = Date.now();
    const [mine, theirs] = [randomUUID(), randomUUID()];
    for (const [id, name] of [
      [mine, `Home Org ${marker}`],
      [theirs, `Inviting Org ${marker}`],
    ] as const)
      await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
        id,
        name,
        `${name.toLowerCase().replace(/\W+/g, "-")}`,
        now,
      ]);
    await sql(
      app.databaseUrl,
      "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, 'owner', ?)",
      [randomUUID(), mine, userId, now],
    );
    const invitationId = randomUUID();
    await sql(
      app.databaseUrl,
      "insert into invitation (id, organization_id, email, role, status, expires_at, created_at, inviter_id, language) values (?, ?, ?, 'admin', 'pending', ?, ?, ?, 'en')",
      [invitationId, theirs, email, now + 86_400_000, now, userId],
    );
    const repositoryName = `zz-home-${marker}`;
    const repositoryId = await addRepository(app.databaseUrl, repositoryName, "The newest one.");

    await page.goto("/app");
    const organizations = page.getByRole("region", { name: "Your organizations" });
    const row = organizations.getByRole("listitem").filter({ hasText: `Home Org ${marker}` });
    await expect(row.getByText("Owner")).toBeVisible();
    await expect(row.getByRole("link")).toHaveAttribute("href", `/app/organizations/home-org-${marker}`);

    const invitations = page.getByRole("region", { name: "Invitations waiting for you" });
    await expect(invitations.getByText("Admin", { exact: true })).toBeVisible();
    await expect(invitations.getByRole("link", { name: `Answer Inviting Org ${marker}` })).toHaveAttribute(
      "href",
      `/invitations/${invitationId}`,
    );

    const repositories = page.getByRole("region", { name: "Recent repositories" });
    await expect(repositories.getByRole("link", { name: repositoryName })).toHaveAttribute(
      "href",
      `/app/repositories/${repositoryId}`,
    );
    await expect(repositories.getByText("The newest one.")).toBeVisible();
  });
});

test.describe("Arabic on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the users list's sort headers stay on one line", async ({ page, app }, testInfo) => {
    await signInAs(page, app, { email: uniqueEmail(testInfo, "sort-headers"), name: "Sara", role: "admin" });
    await page.goto("/manager/users?lng=ar");
    const headers = await page
      .getByRole("columnheader")
      .filter({ has: page.getByRole("link") })
      .evaluateAll((cells) =>
        cells.map((cell) => {
          // The lines of the header's words: the distinct tops of its text's boxes.
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          const lines = new Set<number>();
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            for (const box of range.getClientRects()) if (box.width > 0) lines.add(Math.round(box.top));
          }
          return { top: cell.getBoundingClientRect().top, lines: lines.size };
        }),
      );
    expect(headers).toHaveLength(3);
    for (const header of headers) {
      expect(header.top, "one row of headers").toBe(headers[0]!.top);
      expect(header.lines, "each on one line").toBe(1);
    }
    await expectNoSidewaysScroll(page, "/manager/users");
  });

  test("no page scrolls sideways at 360 px, even with a long English address", async ({ page, app }, testInfo) => {
    // Seventeen pages in one test: three times the usual time limit, so a busy machine does not fail it.
    test.slow();
    // A long address with no place to break: the account page's card must wrap it, not widen the page.
    const email = `a-very-long-address-without-any-break-${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}@subdomain.example-organization.test`;
    const userId = await signInAs(page, app, { email, name: "Layla Longname-Withoutbreaks", role: "admin" });
    const repositoryId = await addRepository(
      app.databaseUrl,
      `zz-phone-${Math.random().toString(36).slice(2, 8)}-a-long-repository-name-without-spaces`,
      "An English description, with punctuation at its end!",
    );
    const organizationId = randomUUID();
    const slug = `phone-${Math.random().toString(36).slice(2, 8)}`;
    await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
      organizationId,
      "Phone Organization With A Long Name",
      slug,
      Date.now(),
    ]);
    await sql(
      app.databaseUrl,
      "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, 'owner', ?)",
      [randomUUID(), organizationId, userId, Date.now()],
    );
    // A failed job, so that /manager/jobs shows its card and its last error: a long one, with no place to break.
    await sql(
      app.databaseUrl,
      "insert into job (id, kind, payload, state, attempts, run_at, last_error, created_at, finished_at) values (?, 'email.welcome', '{}', 'failed', 15, ?, ?, ?, ?)",
      [
        randomUUID(),
        Date.now(),
        `Can't send mail - all recipients were rejected: 550 5.1.1 <${email}>: Recipient address rejected`,
        Date.now(),
        Date.now(),
      ],
    );
    const paths = [
      "/app",
      "/app/account",
      "/app/repositories",
      `/app/repositories/${repositoryId}`,
      "/app/organizations",
      `/app/organizations/${slug}`,
      "/manager/account",
      "/manager/users",
      `/manager/users/${userId}`,
      "/manager/repositories",
      `/manager/repositories/${repositoryId}`,
      "/manager/organizations",
      `/manager/organizations/${organizationId}`,
      "/manager/audit",
      "/manager/jobs",
      "/manager/users?searchTerm=nothing-matches-this-term",
    ];
    for (const path of paths) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=ar`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expectNoSidewaysScroll(page, path);
    }
    // The account page shows the whole address, inside its card.
    await page.goto("/app/account?lng=ar");
    await expect(page.getByRole("main").getByText(email, { exact: true })).toBeVisible();
  });
});

test.describe("bidi isolation in Arabic", () => {
  test("an English description keeps its own direction inside an Arabic page", async ({ page, app }, testInfo) => {
    await signInAs(page, app, { email: uniqueEmail(testInfo, "bidi"), name: "Bidi Reader", role: "user" });
    const name = `zz-bidi-${Math.random().toString(36).slice(2, 8)} (starter).`;
    const description = "A starter, with forms that work without JavaScript!";
    const id = await addRepository(app.databaseUrl, name, description);
    for (const path of [`/app/repositories/${id}`, "/app"]) {
      await page.goto(`${path}?lng=ar`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      // Each value sits in its own bidi isolate: the description's direction comes from its own text (dir=auto, so
      // left to right), and the name is a <bdi>; neither takes the Arabic page's direction.
      const text = page.getByText(description, { exact: true });
      await expect(text).toHaveAttribute("dir", "auto");
      expect(await text.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
      const nameElement = page.getByText(name, { exact: true }).first();
      expect(await nameElement.evaluate((element) => element.closest("bdi, [dir]:not(html)")?.tagName)).toBe("BDI");
    }
  });
});

test.describe("onboarding", () => {
  test("looks like the sign-in page: the logo, the card where login's is, the language and theme under it", async ({
    page,
    app,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/login");
    const loginCard = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    const email = uniqueEmail(testInfo, "onboarding-look");
    await signInAs(page, app, { email, name: "", role: "user" });
    await sql(app.databaseUrl, "update user set onboarded_at = null where email = ?", [email]);
    await page.goto("/onboarding");
    await expect(page.getByRole("link", { name: "Groundwork" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Language" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Theme" })).toBeVisible();
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(Math.abs(heading.y - loginCard.y), "the card starts where login's does").toBeLessThanOrEqual(2);
    // "Sign out" lines up with the line above it, when it wraps under it as when it sits at its end.
    const signedInAs = (await page.getByText(`Logged in with ${email}`).boundingBox())!;
    const signOut = (await page.getByRole("button", { name: "Sign out" }).boundingBox())!;
    expect(
      Math.abs(signOut.x - signedInAs.x) <= 1 || signOut.y + 2 < signedInAs.y + signedInAs.height,
      "Sign out is not indented",
    ).toBe(true);

    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/onboarding/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });
});

test.describe("long words on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a long link breaks only after a slash, a dot or a hyphen, and a slug is in the page's font", async ({
    page,
    app,
  }, testInfo) => {
    await signInAs(page, app, { email: uniqueEmail(testInfo, "long-words"), name: "Lou", role: "admin" });
    const name = `phone-${Math.random().toString(36).slice(2, 8)}-a-repository-with-a-rather-long-name-for-a-phone`;
    const repositoryId = await addRepository(app.databaseUrl, name, "Long.");
    await page.goto(`/manager/repositories/${repositoryId}`);
    const link = page.getByRole("link", { name: `github.com/pages/${name}` });
    // Where each line of the link starts: the character before it is where the line was broken.
    const breaks = await link.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      const found: string[] = [];
      let previous = "";
      let top: number | null = null;
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (let index = 0; index < text.textContent!.length; index++) {
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          const rect = range.getBoundingClientRect();
          if (top !== null && rect.top > top + 2) found.push(previous);
          top = rect.top;
          previous = text.textContent![index]!;
        }
      }
      return found;
    });
    expect(breaks.length, "the link is longer than a line").toBeGreaterThan(0);
    for (const character of breaks) expect("/.-").toContain(character);

    const organizationId = randomUUID();
    await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
      organizationId,
      "Slugged",
      `slugged-${organizationId.slice(0, 8)}`,
      Date.now(),
    ]);
    await page.goto(`/manager/organizations/${organizationId}`);
    const fonts = await page
      .getByText(`slugged-${organizationId.slice(0, 8)}`, { exact: true })
      .evaluate((slug) => [getComputedStyle(slug).fontFamily, getComputedStyle(document.body).fontFamily]);
    expect(fonts[0], "the slug's font").toBe(fonts[1]);
  });
});
