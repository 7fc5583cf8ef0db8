// @vitest-environment happy-dom
// The audit trail's refusal reasons in the page's language: our own reasons by name, and a reason recorded before it
// had words of its own (a better-auth code) marked as such, never shown bare.
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";

import { i18nFor } from "../../../../tests/support/render";
import { useAuditLabels } from "./audit-labels";

function Reason({ reason }: { reason: string }) {
  return <p>{useAuditLabels().reason(reason)}</p>;
}

const shown = (reason: string, language: string) => {
  render(
    <I18nextProvider i18n={i18nFor(language)}>
      <Reason reason={reason} />
    </I18nextProvider>,
  );
  const text = screen.getByRole("paragraph").textContent;
  cleanup();
  return text;
};

afterEach(cleanup);

describe("refusal reasons on the audit trail", () => {
  it("names each of our reasons in every language", () => {
    expect(shown("not-recipient", "en")).toBe("not the invitation's recipient");
    expect(shown("not-recipient", "fr")).toBe("pas le destinataire de l’invitation");
    expect(shown("auth-refused", "sw")).toBe("imekataliwa na huduma ya kuingia");
    expect(shown("last-admin", "ar")).toBe("آخر مسؤول");
  });

  it("marks a reason it has no words for, in the page's language", () => {
    const code = "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION";
    expect(shown(code, "en")).toBe(`unlisted reason (${code})`);
    expect(shown(code, "fr")).toBe(`motif non répertorié (${code})`);
  });
});

const UNNAMED = "(no words: shown as recorded)";

function DetailValue({ name, value }: { name: string; value: string }) {
  return <p>{useAuditLabels().detailValue(name, value) ?? UNNAMED}</p>;
}

const detail = (name: string, value: string, language: string) => {
  render(
    <I18nextProvider i18n={i18nFor(language)}>
      <DetailValue name={name} value={value} />
    </I18nextProvider>,
  );
  const text = screen.getByRole("paragraph").textContent;
  cleanup();
  return text;
};

describe("detail values on the audit trail", () => {
  // Every method a sign-in or a step-up records (app/.server/features/sign-in.ts, step-up.ts), in English.
  const methods = {
    "email-code": "e-mail code",
    github: "GitHub",
    passkey: "passkey",
    "second-factor": "second step",
    totp: "authenticator app",
    recovery: "recovery code",
    code: "code",
  };

  it("names each sign-in and step-up method", () => {
    for (const [method, words] of Object.entries(methods)) expect(detail("method", method, "en")).toBe(words);
  });

  it.each(["fr", "ar", "sw"])("names each method in %s too, not as recorded", (language) => {
    for (const method of Object.keys(methods)) expect(detail("method", method, language), method).not.toBe(UNNAMED);
    expect(detail("method", "email-code", language)).not.toBe("email-code");
  });

  it("names a role in the page's language", () => {
    expect(detail("role", "owner", "fr")).toBe("Propriétaire");
    expect(detail("role", "member", "en")).toBe("Member");
  });

  it("has no words for a value that is not one of the names (shown as recorded)", () => {
    expect(detail("method", "carrier-pigeon", "en")).toBe(UNNAMED);
    expect(detail("name", "passkey", "en")).toBe(UNNAMED);
  });
});
