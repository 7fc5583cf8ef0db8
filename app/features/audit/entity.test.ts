import { describe, expect, it } from "vitest";

import { readAuditFilters } from "./entity";

const actions = ["sign-in", "repository.deleted"];
const read = (query: string) => readAuditFilters(new URLSearchParams(query), actions, "UTC");

describe("the audit page's filters", () => {
  it("reads what the form sends", () => {
    expect(
      read(
        "actor=+ada%40example.test+&target=Engine&action=sign-in&outcome=refused&from=2026-03-01&to=2026-03-05&tz=Europe%2FParis",
      ),
    ).toEqual({
      actor: "ada@example.test",
      target: "Engine",
      action: "sign-in",
      outcome: "refused",
      from: "2026-03-01",
      to: "2026-03-05",
      timeZone: "Europe/Paris",
      dateProblem: null,
    });
  });

  it("reads an empty form, or none, as no filter, in the fallback zone", () => {
    const none = {
      actor: "",
      target: "",
      action: "",
      outcome: "",
      from: "",
      to: "",
      timeZone: "UTC",
      dateProblem: null,
    };
    expect(read("")).toEqual(none);
    expect(read("actor=&target=&action=&outcome=&from=&to=&tz=")).toEqual(none);
  });

  it("drops what is not ours, and says when a date was ignored or the range is backwards", () => {
    const hostile = read(
      `actor=${"a".repeat(400)}&target=%00x&action=drop&outcome=maybe&from=yesterday&to=2026-02-30&tz=Mars%2FOlympus`,
    );
    expect(hostile).toMatchObject({ actor: "", target: "x", action: "", outcome: "", from: "", to: "" });
    expect(hostile.timeZone).toBe("UTC");
    expect(hostile.dateProblem).toBe("invalid");
    expect(read("from=2026-03-05&to=2026-03-01").dateProblem).toBe("reversed");
    expect(read("from=2026-03-05&to=2026-03-05").dateProblem).toBeNull();
  });
});
