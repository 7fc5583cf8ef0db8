import { describe, expect, it } from "vitest";

import { safeRedirect, sameSitePath, withRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/app", "/app"],
    ["/app/repositories?searchTerm=a#top", "/app/repositories?searchTerm=a#top"],
    ["/manager/../app", "/app"],
  ])("keeps the path on this site %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/app",
    "//evil.example/app",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "app",
    "/app\nSet-Cookie: x=1",
    "/api/auth/sign-out",
    "/logout",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "",
    null,
    42,
  ])("drops %s", (input) => {
    expect(safeRedirect(input)).toBe("");
  });

  // Whatever arrives in ?redirect= (URLSearchParams has already turned broken escapes into U+FFFD): never a throw,
  // and what is kept is a path of this site with nothing raw in it that could not be seen.
  it.each([
    "/app\u0000",
    "/app\u0085x",
    "/app\u202ex",
    "/\u200b/evil.example",
    "/\u3000/evil.example",
    "/app\ud800",
    "/app?x=\udfff",
    "/app#\u202e",
    "/\t/evil.example",
    `/${"a".repeat(2000)}`,
    `/${"\u0000".repeat(100_000)}`,
    new URL("http://app.test/login?redirect=%2Fa%FF%C0%80%ED%A0%80").searchParams.get("redirect"),
    new URL("http://app.test/login?redirect=%FF%2F%2Fevil.example").searchParams.get("redirect"),
  ])("answers for the hostile value %j without throwing", (input) => {
    const kept = safeRedirect(input);
    expect(kept === "" || (kept.startsWith("/") && !kept.startsWith("//"))).toBe(true);
    expect(kept).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\s]/u);
  });

  it("adds a kept redirect to a path, and nothing else", () => {
    expect(withRedirect("/login", "/app/account")).toBe("/login?redirect=%2Fapp%2Faccount");
    expect(withRedirect("/login/verify?email=a%40b.c", "/app")).toBe("/login/verify?email=a%40b.c&redirect=%2Fapp");
    expect(withRedirect("/login", "https://evil.example")).toBe("/login");
  });
});

describe("sameSitePath", () => {
  it("keeps the path of a page of this site, and nothing else", () => {
    expect(sameSitePath("http://app.test/manager/repositories?searchTerm=a", "http://app.test/x")).toBe(
      "/manager/repositories?searchTerm=a",
    );
    expect(sameSitePath("https://evil.example/manager", "http://app.test/x")).toBe("");
    expect(sameSitePath("not a url", "http://app.test/x")).toBe("");
    expect(sameSitePath(null, "http://app.test/x")).toBe("");
  });
});
