import { describe, expect, it } from "vitest";

import { invitationEmail } from "./invitation";

const base = {
  to: "nia@example.test",
  invitationId: "inv123",
  organizationName: "Acme",
  inviterName: "Ada Owner",
  inviterEmail: "ada@example.test",
  role: "admin",
  expiresAt: new Date(Date.UTC(2031, 2, 13, 9, 30)),
};

describe("the invitation e-mail", () => {
  it("says who invites whom to which organization with which role, the link and the end, in the chosen language", () => {
    const email = invitationEmail({ ...base, language: "fr" });
    expect(email.to).toBe("nia@example.test");
    expect(email.subject).toBe("Ada Owner vous invite à rejoindre Acme sur Groundwork");
    expect(email.text).toContain(
      "Ada Owner (ada@example.test) vous invite à rejoindre l'organisation Acme sur Groundwork, avec le rôle Administrateur.",
    );
    expect(email.text).toContain("http://127.0.0.1:3999/invitations/inv123");
    expect(email.text).toContain("L'invitation expire le 13 mars 2031");
    expect(email.text).toContain("nia@example.test");
    expect(email.html).toMatch(/^<div dir="ltr"/);
    expect(email.html).toContain(
      '<a href="http://127.0.0.1:3999/invitations/inv123" dir="ltr">http://127.0.0.1:3999/invitations/inv123</a>',
    );
  });

  it("reads right to left in Arabic, the link left to right", () => {
    const email = invitationEmail({ ...base, role: "owner", language: "ar" });
    expect(email.subject).toBe("Ada Owner يدعوك للانضمام إلى Acme على Groundwork");
    expect(email.html).toMatch(/^<div dir="rtl"/);
    expect(email.text).toContain("بدور المالك");
    expect(email.html).toContain('dir="ltr">http://127.0.0.1:3999/invitations/inv123</a>');
  });

  it("keeps names that look like markup as text", () => {
    const email = invitationEmail({
      ...base,
      organizationName: `<img src=x onerror="alert(1)">`,
      inviterName: "<b>Eve</b>",
      language: "en",
    });
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(email.text).toContain(`<b>Eve</b> (ada@example.test) invited you to join the organization <img`);
  });

  it("names the inviter by address when they have no name, and falls back to English for an unknown language", () => {
    const email = invitationEmail({ ...base, inviterName: "", role: "member", language: "xx" });
    expect(email.subject).toBe("ada@example.test invited you to join Acme on Groundwork");
    expect(email.text).toContain("with the role Member.");
    expect(email.text).toContain("The invitation expires on Mar 13, 2031");
  });

  it("speaks Swahili", () => {
    const email = invitationEmail({ ...base, language: "sw" });
    expect(email.subject).toBe("Ada Owner amekualika ujiunge na Acme kwenye Groundwork");
    expect(email.text).toContain("ukiwa na jukumu la Msimamizi");
  });
});
