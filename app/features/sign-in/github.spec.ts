import { expect, test, uniqueEmail } from "../../../tests/e2e/fixtures";

// GitHub is the one part outside the machine: the local stand-in plays it (tests/support/github-stand-in.ts).
test.describe("sign-in with GitHub", () => {
  test("a new GitHub account signs up, onboards and reaches the user area", async ({ page, github }, testInfo) => {
    const email = uniqueEmail(testInfo, "gh");
    github.user = {
      id: 5000 + testInfo.workerIndex * 100 + Math.floor(Math.random() * 99),
      login: "octo",
      name: "Octo Cat",
      email,
    };
    await page.goto("/login?redirect=%2Fapp");
    await expect(page.getByText("or continue with")).toBeVisible();
    await page.getByRole("button", { name: "GitHub" }).click();
    await expect(page.getByRole("heading", { name: "Authorize Groundwork" })).toBeVisible();
    await page.getByRole("button", { name: "Authorize" }).click();
    await expect(page).toHaveURL(/\/onboarding\?redirect=%2Fapp$/);
    await expect(page.getByText(`Logged in with ${email}`)).toBeVisible();
  });

  test("refusing consent shows the access denied page", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "GitHub" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/login\/error\?/);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await expect(page.getByText("Unable to log in, please try again")).toBeVisible();
  });

  test("an unknown GitHub account with sign-up off shows the account not found page", async ({
    page,
    github,
    signUpOffApp,
  }, testInfo) => {
    github.user = {
      id: 9000 + Math.floor(Math.random() * 999),
      login: "stranger",
      name: "Stranger",
      email: uniqueEmail(testInfo, "stranger"),
    };
    await page.goto(`${signUpOffApp.url}/login`);
    await page.getByRole("button", { name: "GitHub" }).click();
    await page.getByRole("button", { name: "Authorize" }).click();
    await expect(page).toHaveURL(/\/login\/error\?/);
    await expect(page.getByRole("heading", { name: "Account not found" })).toBeVisible();
    await expect(page.getByText("You need an account to log in")).toBeVisible();
  });
});

test.describe("login error page", () => {
  test("an unknown error value reads as unknown_error", async ({ page }) => {
    await page.goto("/login/error?error=<script>");
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("Login failed, please try again")).toBeVisible();
  });
});
