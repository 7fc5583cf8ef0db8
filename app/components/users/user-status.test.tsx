// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { renderWithRouter } from "../../../tests/support/render";
import { UserStatusBadge } from "./user-status";

afterEach(cleanup);

const user = { admin: false, banned: true, banExpires: new Date(Date.UTC(2026, 0, 2, 23, 59)), onboardedAt: null };

describe("UserStatusBadge", () => {
  // The server renders the page in its own time zone and the browser hydrates it in the reader's: only a time written
  // in a named zone reads the same in both.
  it("writes the end of a ban in UTC, whatever the process's time zone", () => {
    const zone = process.env.TZ;
    try {
      for (const each of ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"]) {
        process.env.TZ = each;
        renderWithRouter(() => <UserStatusBadge user={user} />);
        expect(screen.getByText("Banned until Jan 2, 2026, 11:59 PM UTC")).toBeTruthy();
        cleanup();
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("writes it in the page's language", () => {
    renderWithRouter(() => <UserStatusBadge user={user} />, { language: "fr" });
    expect(screen.getByText(/^Banni jusqu.au 2 janv\. 2026, 23:59 UTC$/u)).toBeTruthy();
  });
});
