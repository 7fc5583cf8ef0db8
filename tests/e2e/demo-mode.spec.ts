import { enterCode, expect, test } from "./fixtures";

test.describe("demo mode", () => {
  test("the login page shows the demo accounts, which sign in with the fixed code", async ({ page, demoApp }) => {
    await page.goto(`${demoApp.url}/login`);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    await expect(page.getByText("Demo accounts")).toBeVisible();
    await expect(page.getByText("admin@example.com")).toBeVisible();
    await expect(page.getByText("enter the code 000000")).toBeVisible();
    await expect(
      page.getByRole("button", { name: "GitHub" }),
      "GitHub sign-in is offered only when configured",
    ).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: "Log in", exact: true }),
      "sign-up is off in demo mode",
    ).toBeVisible();
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page.getByText("Demo account: the code is 000000.")).toBeVisible();
    await enterCode(page, "000000");
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
  });

  test("other addresses cannot sign up and get no fixed code", async ({ page, demoApp }) => {
    await page.goto(`${demoApp.url}/login`);
    await page.getByLabel("Email").fill("visitor@example.test");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page.getByText("If you have an account, we sent a code to visitor@example.test.")).toBeVisible();
    await enterCode(page, "000000");
    await expect(page.getByText("Code is invalid")).toBeVisible();
  });
});
