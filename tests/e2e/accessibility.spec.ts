import { randomUUID } from "node:crypto";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { arrangeOrganization } from "./arrange";
import {
  enterCode,
  expect,
  hydrates,
  requestCode,
  sessionCookie,
  signInWithRole,
  sql,
  test,
  uniqueEmail,
} from "./fixtures";

// axe-core on every page of the app, in light and dark, in English and Arabic: no serious or critical violation.
// axe runs inside the page, so this spec runs in the JavaScript project only (@js-only).
// Each page is audited twice, English in the light theme and Arabic in the dark one: contrast depends on the theme and
// layout on the direction, and neither on the other, so the two other pairs found nothing these two do not (they were
// half of this spec's 233 s of test time; docs/benchmarks.md, "Test suite time").
const jsOnly = { tag: "@js-only" };
test.describe.configure({ timeout: 240_000, mode: "parallel" });

/**
 * axe's link-in-text-block rule looks only at links inside running text, so a link beside a value ("Change name") or
 * alone on its line passes it in any colour. Ours: every text link of the page's main content is underlined, or its
 * colour stands 3:1 apart from the text around it (WCAG 1.4.1). Left out: a button or a card (its box shows it), the
 * navigation, and a list's rows and column headers (the row is the link, and the header's arrow says it sorts).
 */
async function linksLikeText(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    // Any CSS colour (oklch included) as sRGB, through the canvas; then its relative luminance.
    const luminance = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...canvas.getImageData(0, 0, 1, 1).data].map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const textColor = getComputedStyle(document.querySelector("main")!).color;
    return [...document.querySelectorAll<HTMLElement>("main a[href], main summary")]
      .filter((link) => link.checkVisibility() && link.innerText.trim() !== "")
      .filter((link) => !link.closest("nav, [role=row], [role=columnheader], [role=tablist]"))
      .filter((link) => {
        const style = getComputedStyle(link);
        const boxed = !/rgba\(.*, 0\)|transparent/.test(style.backgroundColor) || parseFloat(style.borderTopWidth) > 0;
        return !boxed && !style.textDecorationLine.includes("underline") && contrast(style.color, textColor) < 3;
      })
      .map((link) => `a link looks like text: "${link.innerText.trim().slice(0, 40)}"`);
  });
}

/**
 * Audits `path` in English and light, then in Arabic and dark. `arrive`, when given, goes on from that page to the
 * screen to audit (an answer to a post, which no address reaches).
 */
async function audit(page: Page, path: string, arrive?: (page: Page) => Promise<void>) {
  const problems: string[] = [];
  const origin = new URL(page.url()).origin;
  for (const [language, theme] of [
    ["en", "light"],
    ["ar", "dark"],
  ] as const) {
    // The cookie the theme switcher sets (React Router's encoding of the JSON string).
    await page
      .context()
      .addCookies([{ name: "theme", value: encodeURIComponent(btoa(JSON.stringify(theme))), url: origin }]);
    await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
    await expect(page.locator("html")).toHaveClass(theme);
    await arrive?.(page);
    // Legacy mode: axe runs as axe.run() in the page and its same-origin frames. The default also opens a blank tab
    // per audit, to merge the results of cross-origin frames, which our CSP does not load (default-src 'self').
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .setLegacyMode()
      .analyze();
    for (const link of await linksLikeText(page)) problems.push(`${path} [${language}, ${theme}] ${link}`);
    for (const violation of results.violations) {
      if (violation.impact === "serious" || violation.impact === "critical") {
        problems.push(
          `${path} [${language}, ${theme}] ${violation.id}: ${violation.help} (${violation.nodes
            .map((node) => node.target.join(" "))
            .slice(0, 3)
            .join(", ")})`,
        );
      }
    }
  }
  // Back to English for the test's next page: the cookie ?lng= left behind, set as the server sets it (no page load).
  await page
    .context()
    .addCookies([{ name: "lng", value: encodeURIComponent(btoa(JSON.stringify("en"))), url: origin }]);
  return problems;
}

test("sign-in pages", jsOnly, async ({ page }, testInfo) => {
  await page.goto("/login");
  const problems = [
    ...(await audit(page, "/login")),
    ...(await audit(page, "/login/verify?email=someone%40example.test")),
    ...(await audit(page, "/login/error?error=access_denied")),
    ...(await audit(page, "/nowhere")),
  ];
  const email = uniqueEmail(testInfo, "a11y");
  await requestCode(page, email);
  await enterCode(page, "000000");
  problems.push(...(await audit(page, `/login/verify?email=${encodeURIComponent(email)}`)));
  expect(problems).toEqual([]);
});

test("the onboarding page", jsOnly, async ({ page, mail }, testInfo) => {
  await page.goto("/login");
  const email = uniqueEmail(testInfo, "a11y-onboarding");
  const since = Date.now();
  await requestCode(page, email);
  await enterCode(page, await mail.waitForCode(email, { since }));
  await expect(page).toHaveURL(/\/onboarding/);
  expect(await audit(page, "/onboarding")).toEqual([]);
});

test("the step-up prompt", jsOnly, async ({ page, app }, testInfo) => {
  // A person whose step-up is not done (signInWithRole would do it): their own e-mail change asks for one. Only its
  // first screen is audited, so no code is sent (3 a person in 10 minutes).
  const cookie = await sessionCookie(app, {
    email: uniqueEmail(testInfo, "a11y-step-up"),
    name: "Sam Step",
    role: "user",
  });
  await page
    .context()
    .addCookies([{ name: cookie.name, value: cookie.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  await page.goto("/app");
  const problems = await audit(page, "/app/account?modal=change-email", async (here) => {
    await hydrates(here);
    const form = here.locator("form:has(input[name=intent][value=change-email])");
    await form.locator("input[name=email]").fill(uniqueEmail(testInfo, "a11y-step-up-new"));
    await form.locator("button[type=submit]").click();
    await expect(here.locator("#step-up-title")).toBeVisible();
  });
  expect(problems).toEqual([]);
});

type Ids = { id: string; userId: string };

const areas = {
  // Each test a handful of paths (each four audits), so that the parallel workers share them evenly.
  "the user area": ({ id }: Ids) => [
    "/app",
    "/app/repositories",
    "/app/repositories?searchTerm=nothing-matches",
    `/app/repositories/${id}`,
    "/app/nowhere",
  ],
  "the user's account pages": () => [
    "/app/account",
    "/app/account?state=change-name",
    "/app/account?modal=change-email",
    "/app/account?newEmail=someone%40example.test",
    "/app/account?modal=delete-account",
    "/app/account?modal=delete-account-code",
  ],
  "the manager area": () => [
    "/manager/dashboard",
    "/manager/audit",
    "/manager/audit?action=sign-in&from=not-a-day",
    "/manager/jobs",
    "/manager/account",
    "/manager/account?modal=sign-out-others",
  ],
  "the manager's repository pages": ({ id }: Ids) => [
    "/manager/repositories",
    "/manager/repositories/new",
    `/manager/repositories/${id}`,
    `/manager/repositories/${id}?modal=delete`,
    `/manager/repositories/${id}/update`,
  ],
  "the manager's user pages": ({ userId }: Ids) => [
    "/manager/users",
    "/manager/users?sort=createdAt&searchTerm=example",
    "/manager/users/new",
    `/manager/users/${userId}`,
    `/manager/users/${userId}?modal=ban`,
    `/manager/users/${userId}?modal=delete`,
    `/manager/users/${userId}/update`,
  ],
};

for (const [name, paths] of Object.entries(areas)) {
  test(name, jsOnly, async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    const { rows } = await sql(app.databaseUrl, "select id from repository where name = 'libsql'");
    const users = await sql(app.databaseUrl, "select id from user where email = 'user@example.com'");
    const problems: string[] = [];
    const ids = { id: String(rows[0]!.id), userId: String(users.rows[0]!.id) };
    for (const path of paths(ids)) problems.push(...(await audit(page, path)));
    expect(problems).toEqual([]);
  });
}

type Arranged = Awaited<ReturnType<typeof arrangeOrganization>>;

// Two tests, so that the parallel workers share the pages.
const organizationPages = {
  "the organization pages": ({ base, teamId }: Arranged) => [
    "/app/organizations",
    base,
    `${base}/members`,
    `${base}/teams`,
    `${base}/teams/${teamId}`,
    `${base}/settings`,
    `${base}/invitations`,
  ],
  "the organization dialogs": ({ base, teamId, otherMemberId, invitationId }: Arranged) => [
    `${base}?modal=leave`,
    `${base}/members?modal=remove-${otherMemberId}`,
    `${base}/teams/${teamId}?modal=delete-team`,
    `${base}/settings?modal=delete-organization`,
    `${base}/invitations?modal=cancel-${invitationId}`,
    `/invitations/${invitationId}`,
  ],
};

for (const [name, paths] of Object.entries(organizationPages)) {
  test(name, jsOnly, async ({ page, mail, app }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "user");
    const arranged = await arrangeOrganization(app, email, testInfo.project.name);
    const problems: string[] = [];
    for (const path of paths(arranged)) problems.push(...(await audit(page, path)));
    expect(problems).toEqual([]);
  });
}

test("the manager's organization pages", jsOnly, async ({ page, mail, app }, testInfo) => {
  await signInWithRole(page, mail, app, testInfo, "admin");
  const organizationId = `a11y-${randomUUID()}`;
  const users = await sql(app.databaseUrl, "select id from user where email = 'user@example.com'");
  await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, 'A11y Org', ?, 0)", [
    organizationId,
    organizationId,
  ]);
  await sql(
    app.databaseUrl,
    "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, 0)",
    [randomUUID(), organizationId, String(users.rows[0]!.id), "owner"],
  );
  const problems: string[] = [];
  for (const path of [
    "/manager/organizations",
    "/manager/organizations?searchTerm=nothing-matches",
    `/manager/organizations/${organizationId}`,
    `/manager/organizations/${organizationId}?modal=delete`,
  ])
    problems.push(...(await audit(page, path)));
  expect(problems).toEqual([]);
});
