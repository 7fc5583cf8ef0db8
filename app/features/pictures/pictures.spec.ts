// Profile photos and organization logos as a person uses them, with JavaScript on and off (ADR 051): upload, see it,
// replace it, remove it; a file that is not a picture is refused with its message, and nothing is stored.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { Page } from "@playwright/test";
import sharp from "sharp";

import { arrangeOrganization } from "../../../tests/e2e/arrange";
import { expect, hydrates, sessionCookie, signInWithRole, sql, test, uniqueEmail } from "../../../tests/e2e/fixtures";
import { startServer, type TestServer } from "../../../tests/e2e/server";
import {
  htmlNamedJpg,
  jpegWithGps,
  noisyJpeg,
  pngBomb,
  smallPng,
  svgWithScript,
  truncatedJpeg,
} from "../../../tests/support/pictures";
import { startS3Server, type S3Server } from "../../../tests/support/s3-server";

/** Where the test servers keep pictures: data/pictures beside their database files (tests/e2e/server.ts). */
const pictureFile = (url: string) => join(resolve("tests/.tmp/pictures"), url.slice("/pictures/".length));

async function imageOf(databaseUrl: string, email: string): Promise<string | null> {
  const [row] = (await sql(databaseUrl, "select image from user where email = ?", [email])).rows;
  return (row?.image as string | null) ?? null;
}

async function choose(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel("Picture file").setInputFiles({ name, mimeType, buffer });
}

test.describe("the profile photo", () => {
  test("is uploaded without its GPS data, shown in the menu, replaced and removed without leaving a file", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/account");
    await choose(page, "holiday.jpg", "image/jpeg", await jpegWithGps(1600, 1200));
    if (testInfo.project.use.javaScriptEnabled)
      await expect(page.getByRole("img", { name: "Preview of the chosen picture" })).toBeVisible();
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Your photo has been updated.")).toBeVisible();

    const first = await imageOf(app.databaseUrl, email);
    expect(first).toMatch(/^\/pictures\/[\w-]{22}\.webp$/);
    // The shell's menu shows it (the avatar is decorative: its img has no name).
    await expect(page.locator(`img[src="${first}"]`).first()).toBeVisible();
    const served = await page.request.get(first!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(served.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(served.headers()["content-security-policy"]).toContain("default-src 'self'");
    const metadata = await sharp(await served.body()).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 384 });
    expect(metadata.exif).toBeUndefined();
    expect(existsSync(pictureFile(first!))).toBe(true);

    await choose(page, "logo.png", "image/png", await smallPng());
    await page.getByRole("button", { name: "Upload" }).click();
    // With JavaScript the first upload's toast may still show: the row says when this one is done.
    await expect.poll(() => imageOf(app.databaseUrl, email)).not.toBe(first);
    await expect(page.getByText("Your photo has been updated.").first()).toBeVisible();
    const second = await imageOf(app.databaseUrl, email);
    // The row changes first and the replaced file goes after it, before the answer: the poll above can see the row
    // between the two, so the file is waited for too (it must go, or the poll fails).
    await expect.poll(() => existsSync(pictureFile(first!))).toBe(false);

    await page.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Your photo has been removed.")).toBeVisible();
    await expect.poll(() => imageOf(app.databaseUrl, email)).toBeNull();
    await expect.poll(() => existsSync(pictureFile(second!))).toBe(false);
    await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  });

  const refusals = [
    [
      "an SVG with a script",
      "drawing.svg",
      "image/svg+xml",
      svgWithScript,
      "This file is not a JPEG, PNG, WebP or GIF picture.",
    ],
    [
      "a PNG renamed .jpg holding HTML",
      "photo.jpg",
      "image/png",
      htmlNamedJpg,
      "This file is not a JPEG, PNG, WebP or GIF picture.",
    ],
    [
      "a 20 000 x 20 000 PNG",
      "big.png",
      "image/png",
      pngBomb,
      "This picture has too many pixels: choose one under 50 megapixels.",
    ],
    [
      "a truncated JPEG",
      "cut.jpg",
      "image/jpeg",
      truncatedJpeg,
      "This picture could not be read: the file may be damaged or cut off.",
    ],
    [
      "an empty file",
      "empty.jpg",
      "image/jpeg",
      async () => Buffer.alloc(0),
      "Choose a picture: the file sent was empty.",
    ],
  ] as const;
  for (const [label, name, type, make, message] of refusals) {
    test(`refuses ${label} with its message, and keeps the photo there was`, async ({ page, mail, app }, testInfo) => {
      const email = await signInWithRole(page, mail, app, testInfo, "user");
      await sql(app.databaseUrl, "update user set image = ? where email = ?", [
        "/pictures/AAAAAAAAAAAAAAAAAAAAAA.webp",
        email,
      ]);
      await page.goto("/app/account");
      await choose(page, name, type, Buffer.from(await make()));
      await page.getByRole("button", { name: "Upload" }).click();
      await expect(page.getByText(message)).toBeVisible();
      expect(await imageOf(app.databaseUrl, email)).toBe("/pictures/AAAAAAAAAAAAAAAAAAAAAA.webp");
      await expect(page.getByRole("heading", { name: "Profile photo" })).toBeVisible();
    });
  }

  test("refuses a file over 5 MB with its message", async ({ page, mail, app }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/account");
    await choose(
      page,
      "huge.jpg",
      "image/jpeg",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6_000_000)]),
    );
    const message = "This file is over 5 MB: choose a smaller picture.";
    if (testInfo.project.use.javaScriptEnabled) {
      // Refused before it is sent.
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
      await expect(page.getByRole("button", { name: "Upload" })).toBeDisabled();
    } else {
      await page.getByRole("button", { name: "Upload" }).click();
      await expect(page.getByText(message)).toBeVisible();
    }
    expect(await imageOf(app.databaseUrl, email)).toBeNull();
  });

  test(
    "shows how much of the file has been sent, up to 100%",
    { tag: "@js-only" },
    async ({ page, mail, app }, testInfo) => {
      const email = await signInWithRole(page, mail, app, testInfo, "user");
      await page.goto("/app/account");
      await hydrates(page);
      // About 1 MB sent at 256 KiB/s: the upload lasts a few seconds. The page's reload after it is held for a second,
      // so the finished upload stays on screen long enough to be read.
      const photo = await noisyJpeg(1600, 1600);
      const browser = await page.context().newCDPSession(page);
      await browser.send("Network.enable");
      await browser.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      });
      await page.route(/\/app\/account\.data/, async (route) => {
        if (route.request().method() === "GET") await new Promise((done) => setTimeout(done, 1000));
        await route.continue();
      });
      await choose(page, "big.jpg", "image/jpeg", photo);
      await page.getByRole("button", { name: "Upload" }).click();

      const progress = page.getByRole("progressbar", { name: "Uploading…" });
      await expect(progress).toBeVisible();
      await expect
        .poll(async () => Number(await progress.getAttribute("value")), { intervals: [100] })
        .toBeGreaterThan(0);
      const partly = Number(await progress.getAttribute("value"));
      expect(partly).toBeLessThan(1);
      await expect(page.getByText(/^\d{1,2}% sent$/)).toBeVisible();
      await expect(page.getByText("100% sent")).toBeVisible();
      await expect(progress).toHaveAttribute("value", "1");
      await expect(page.getByText("Your photo has been updated.")).toBeVisible();
      await expect(progress).toHaveCount(0);
      expect(await imageOf(app.databaseUrl, email)).toMatch(/^\/pictures\/[\w-]{22}\.webp$/);
    },
  );
});

test.describe("the organization's logo", () => {
  test("is set by its owner in the settings and removed", async ({ page, mail, app }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "user");
    const { base } = await arrangeOrganization(app, email, `logo-${testInfo.project.name}`);
    await page.goto(`${base}/settings`);
    await expect(page.getByRole("heading", { name: "Logo" })).toBeVisible();
    await choose(page, "logo.png", "image/png", await smallPng());
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("The logo has been updated.")).toBeVisible();
    const slug = base.split("/").at(-1)!;
    const [row] = (await sql(app.databaseUrl, "select logo from organization where slug = ?", [slug])).rows;
    const logo = String(row?.logo);
    expect(logo).toMatch(/^\/pictures\//);
    expect(existsSync(pictureFile(logo))).toBe(true);
    await page.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("The logo has been removed.")).toBeVisible();
    expect(existsSync(pictureFile(logo))).toBe(false);
  });
});

test.describe("on an S3-compatible store", () => {
  let s3: S3Server;
  let server: TestServer;

  test.beforeAll(async ({}, testInfo) => {
    s3 = await startS3Server();
    server = await startServer(`pictures-s3-${testInfo.project.name}-${testInfo.workerIndex}`, s3.env);
  });

  test.afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  test("a photo is stored as an object, shown, replaced and removed, leaving no object behind", async ({
    page,
  }, testInfo) => {
    const client = new S3Client({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const objects = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((item) => item.Key);
    // Signed in on this server only: cookies ignore ports, and the worker's server would clear a session it does not know.
    const email = uniqueEmail(testInfo, "s3");
    const cookie = await sessionCookie(server, { email, name: "Sam Three", role: "user" });
    await page.context().addCookies([{ ...cookie, url: server.url, httpOnly: true, sameSite: "Lax" }]);
    await page.goto(`${server.url}/app/account`);
    await choose(page, "holiday.jpg", "image/jpeg", await jpegWithGps());
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Your photo has been updated.")).toBeVisible();
    const first = (await imageOf(server.databaseUrl, email))!;
    expect(await objects()).toEqual([first.slice("/pictures/".length)]);
    const served = await page.request.get(`${server.url}${first}`);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

    await choose(page, "logo.png", "image/png", await smallPng());
    await page.getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => imageOf(server.databaseUrl, email)).not.toBe(first);
    const second = (await imageOf(server.databaseUrl, email))!;
    // As on disk: the row changes before the replaced object goes, and the poll above can see the row between the two.
    await expect.poll(objects).toEqual([second.slice("/pictures/".length)]);

    await choose(page, "drawing.svg", "image/svg+xml", svgWithScript());
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("This file is not a JPEG, PNG, WebP or GIF picture.")).toBeVisible();
    expect(await objects()).toEqual([second.slice("/pictures/".length)]);

    await page.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => imageOf(server.databaseUrl, email)).toBeNull();
    await expect.poll(objects).toEqual([]);
  });
});

test("the photo and the logo show wherever the person or the organization appears", async ({
  page,
  mail,
  app,
}, testInfo) => {
  const email = await signInWithRole(page, mail, app, testInfo, "user");
  const { base } = await arrangeOrganization(app, email, `shown-${testInfo.project.name}`);
  const slug = base.split("/").at(-1)!;
  const photo = "/pictures/PhotoPhotoPhotoPhotoPh.webp";
  const logo = "/pictures/LogoLogoLogoLogoLogoLo.webp";
  await sql(app.databaseUrl, "update user set image = ? where email = ?", [photo, email]);
  await sql(app.databaseUrl, "update organization set logo = ? where slug = ?", [logo, slug]);
  const [row] = (
    await sql(
      app.databaseUrl,
      "select id, (select id from organization where slug = ?) as org from user where email = ?",
      [slug, email],
    )
  ).rows;
  await sql(app.databaseUrl, "update session set active_organization_id = ? where user_id = ?", [
    String(row!.org),
    String(row!.id),
  ]);
  const shown = (src: string) => page.locator(`img[src="${src}"]`);

  for (const [path, pictures] of [
    ["/app", [photo, logo]], // the user menu, the switcher
    ["/app/organizations", [logo]],
    [base, [logo]],
    [`${base}/members`, [photo]],
  ] as const) {
    await page.goto(path);
    for (const src of pictures) await expect(shown(src).first(), `${src} on ${path}`).toBeAttached();
  }

  await signInWithRole(page, mail, app, testInfo, "admin");
  // The users list searched for the address's random part lists this user alone, with the photo: without the search,
  // other specs' users (users.spec.ts adds 25 whose addresses sort first) fill the worker's first page.
  await page.goto(`/manager/users?searchTerm=${email.split("@")[0]!.split("-").at(-1)!}`);
  const rows = page
    .getByRole("table", { name: "Users" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(email);
  await expect(rows.locator(`img[src="${photo}"]`)).toBeAttached();
  for (const [path, pictures] of [
    [`/manager/users/${String(row!.id)}`, [photo]],
    [`/manager/organizations?searchTerm=${slug}`, [logo]],
    [`/manager/organizations/${String(row!.org)}`, [logo, photo]],
  ] as const) {
    await page.goto(path);
    for (const src of pictures) await expect(shown(src).first(), `${src} on ${path}`).toBeAttached();
  }
});
