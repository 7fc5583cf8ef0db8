import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/platform/db/client";
import { signInCode } from "~/.server/platform/db/schema";
import {
  checkOneTimeCode,
  issueOneTimeCode,
  ONE_TIME_CODE_ATTEMPTS,
  ONE_TIME_CODE_MINUTES,
  oneTimeCodeId,
  oneTimeCodeIds,
} from "./one-time-code";

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("one-time codes", () => {
  it("are six digits, stored only as a hash under the user's id for the purpose", async () => {
    const code = await issueOneTimeCode("change-email", "otc-user-1", "new@example.test");
    expect(code).toMatch(/^\d{6}$/);
    const rows = await db
      .select()
      .from(signInCode)
      .where(eq(signInCode.id, oneTimeCodeId("change-email", "otc-user-1")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "new@example.test", attempts: 0 });
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(oneTimeCodeIds("otc-user-1")).toContain(rows[0]!.id);
  });

  it("accept the right code once, for the address it was sent to", async () => {
    const code = await issueOneTimeCode("change-email", "otc-user-2", "right@example.test");
    expect(await checkOneTimeCode("change-email", "otc-user-2", "other@example.test", code)).toBe("invalid");
    expect(await checkOneTimeCode("delete-account", "otc-user-2", "right@example.test", code)).toBe("invalid");
    expect(await checkOneTimeCode("change-email", "otc-user-2", "right@example.test", code)).toBe("right");
    expect(await checkOneTimeCode("change-email", "otc-user-2", "right@example.test", code)).toBe("invalid");
  });

  it("refuse a wrong code, and every code once the attempts are spent", async () => {
    const code = await issueOneTimeCode("delete-account", "otc-user-3", "me@example.test");
    for (let attempt = 1; attempt < ONE_TIME_CODE_ATTEMPTS; attempt += 1)
      expect(await checkOneTimeCode("delete-account", "otc-user-3", "me@example.test", wrong(code))).toBe("invalid");
    expect(await checkOneTimeCode("delete-account", "otc-user-3", "me@example.test", wrong(code))).toBe("exhausted");
    expect(await checkOneTimeCode("delete-account", "otc-user-3", "me@example.test", code)).toBe("exhausted");
  });

  it("refuse a code past its time", async () => {
    const issuedAt = Date.now() - (ONE_TIME_CODE_MINUTES * 60_000 + 1000);
    const code = await issueOneTimeCode("delete-account", "otc-user-4", "me@example.test", issuedAt);
    expect(await checkOneTimeCode("delete-account", "otc-user-4", "me@example.test", code)).toBe("expired");
  });

  it("replace the pending code of the same purpose, attempts and all; other purposes keep theirs", async () => {
    const deletion = await issueOneTimeCode("delete-account", "otc-user-5", "me@example.test");
    const first = await issueOneTimeCode("change-email", "otc-user-5", "first@example.test");
    expect(await checkOneTimeCode("change-email", "otc-user-5", "first@example.test", wrong(first))).toBe("invalid");
    const second = await issueOneTimeCode("change-email", "otc-user-5", "second@example.test");
    if (first !== second)
      expect(await checkOneTimeCode("change-email", "otc-user-5", "second@example.test", first)).toBe("invalid");
    const [row] = await db
      .select()
      .from(signInCode)
      .where(eq(signInCode.id, oneTimeCodeId("change-email", "otc-user-5")));
    expect(row).toMatchObject({ email: "second@example.test" });
    expect(await checkOneTimeCode("change-email", "otc-user-5", "second@example.test", second)).toBe("right");
    expect(await checkOneTimeCode("delete-account", "otc-user-5", "me@example.test", deletion)).toBe("right");
  });

  it("count concurrent guesses atomically: no more than the allowed attempts, and one right answer wins", async () => {
    const code = await issueOneTimeCode("change-email", "otc-user-6", "race@example.test");
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () =>
        checkOneTimeCode("change-email", "otc-user-6", "race@example.test", wrong(code)),
      ),
    );
    expect(guesses.filter((result) => result === "invalid")).toHaveLength(ONE_TIME_CODE_ATTEMPTS - 1);
    expect(await checkOneTimeCode("change-email", "otc-user-6", "race@example.test", code)).toBe("exhausted");

    const fresh = await issueOneTimeCode("change-email", "otc-user-6", "race@example.test");
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => checkOneTimeCode("change-email", "otc-user-6", "race@example.test", fresh)),
    );
    expect(answers.filter((result) => result === "right")).toHaveLength(1);
  });
});
