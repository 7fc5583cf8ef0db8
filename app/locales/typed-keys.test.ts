// Translation keys are typed from the English dictionary (app/i18next.d.ts): `npm run typecheck` fails on a key that
// is not there. The @ts-expect-error lines below are themselves checked: were the keys untyped, they would be unused
// directives, which fail the typecheck too.
import { describe, expect, it } from "vitest";

import { translator } from "~/lib/dictionaries";
import type { Toast } from "~/lib/toast";

describe("translation keys", () => {
  it("are typed from the English dictionary", () => {
    const t = translator("en");
    expect(t("login.title")).toBe("Log in");
    // @ts-expect-error: not a key of the English dictionary
    expect(t("login.noSuchKey")).toBe("login.noSuchKey");
  });

  it("type the toasts an action leaves", () => {
    const toast: Toast = { id: "1", type: "success", message: "repositories.created" };
    // @ts-expect-error: not a key of the English dictionary
    const mistyped: Toast = { id: "2", type: "success", message: "repositories.craeted" };
    expect([toast.message, mistyped.message]).toHaveLength(2);
  });
});
