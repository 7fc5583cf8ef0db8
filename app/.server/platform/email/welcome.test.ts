import { describe, expect, it } from "vitest";

import { welcomeEmail } from "./welcome";

describe("the welcome e-mail", () => {
  it("says where to sign in, the address to type and that a 6-digit code will come, in the chosen language", () => {
    const email = welcomeEmail({ to: "nia@example.test", name: "Nia", language: "sw" });
    expect(email.subject).toBe("Karibu Groundwork");
    expect(email.text).toContain("Habari Nia,");
    expect(email.text).toContain("http://127.0.0.1:3999/login");
    expect(email.text).toContain("nia@example.test");
    expect(email.text).toContain("msimbo wa tarakimu 6");
    expect(email.html).toContain('<div dir="ltr"');
    expect(email.html).toContain('<a href="http://127.0.0.1:3999/login" dir="ltr">');
  });

  it("reads right to left in Arabic, the address and the link left to right", () => {
    const email = welcomeEmail({ to: "nia@example.test", name: "نيا", language: "ar" });
    expect(email.subject).toBe("مرحبًا بك في Groundwork");
    expect(email.html).toMatch(/^<div dir="rtl"/);
    expect(email.html).toContain('<strong dir="ltr">nia@example.test</strong>');
    expect(email.text).toContain("مرحبًا نيا،");
  });

  it("keeps a name that looks like markup as text", () => {
    const email = welcomeEmail({ to: "x@example.test", name: `<img src=x onerror="alert(1)">`, language: "en" });
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(email.text).toContain(`Hello <img src=x onerror="alert(1)">,`);
  });

  it("falls back to English for a language it does not know", () => {
    expect(welcomeEmail({ to: "x@example.test", name: "X", language: "xx" }).subject).toBe("Welcome to Groundwork");
  });
});
