// @vitest-environment happy-dom
// The audit trail's refusal reasons in the page's language: our own reasons by name, and a reason recorded before it
// had words of its own (a better-auth code) marked as such, never shown bare.
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";

import { i18nFor } from "../../../tests/support/render";
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
