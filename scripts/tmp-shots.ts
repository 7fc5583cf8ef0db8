import { chromium } from "@playwright/test";

import { sessionCookie } from "../tests/e2e/fixtures";
import { startServer } from "../tests/e2e/server";

const server = await startServer("shots", { LOG_LEVEL: "warn" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const out = "/tmp/shellbench";
try {
  const cookie = await sessionCookie(server, { email: "grace@example.test", name: "Grace Hopper", role: "admin" });
  for (const [name, opts] of [
    ["desk-light", { viewport: { width: 1280, height: 720 }, js: true, theme: "light", lng: "en" }],
    ["desk-dark-ar", { viewport: { width: 1280, height: 720 }, js: false, theme: "dark", lng: "ar" }],
    ["phone", { viewport: { width: 375, height: 740 }, js: false, theme: "light", lng: "en" }],
  ] as const) {
    const context = await browser.newContext({
      viewport: opts.viewport,
      javaScriptEnabled: opts.js,
      colorScheme: opts.theme,
    });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/login?lng=${opts.lng}`);
    await page.goto(`${server.url}/app/repositories`);
    await page.screenshot({ path: `${out}/${name}-app.png` });
    if (name === "phone") await page.locator("summary").first().click();
    else await page.locator("summary").first().click();
    await page.screenshot({ path: `${out}/${name}-menu.png` });
    await context.close();
    const anon = await browser.newContext({ viewport: opts.viewport, colorScheme: opts.theme });
    const p2 = await anon.newPage();
    await p2.goto(`${server.url}/login?lng=${opts.lng}`);
    await p2.screenshot({ path: `${out}/${name}-login.png`, fullPage: true });
    await anon.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
