// The account pages of both areas (/app/account, /manager/account): one loader and one action, two guards.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { changeNameSchema } from "../lib/schemas/account";
import { requirePermission } from "./auth/guards";
import type { Permissions } from "./auth/permissions";
import { readForm, unknownIntent } from "./http";
import { getInstance } from "./i18n";
import { signOutOtherSessions } from "./sign-in";
import { redirectWithToast } from "./toast";
import { updateName } from "./users";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export function accountLoader(args: Args, area: Permissions) {
  const user = requirePermission(args, { ...area, account: ["read"] });
  return {
    title: getInstance(args.context).t("account.pageTitle"),
    user: { email: user.email, name: user.name, role: user.role ?? "user", createdAt: user.createdAt.toISOString() },
  };
}

export async function accountAction(args: Args, area: Permissions) {
  const user = requirePermission(args, { ...area, account: ["update"] });
  const formData = await readForm(args.request);
  const here = new URL(args.request.url).pathname.replace(/\.data$/, "");
  switch (formData.get("intent")) {
    case "change-name": {
      const submission = parseWithZod(formData, { schema: changeNameSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      await updateName(user.id, submission.value.name);
      return redirectWithToast(here, { type: "success", message: "account.nameUpdated" });
    }
    case "sign-out-others": {
      await signOutOtherSessions(args.request.headers);
      return redirectWithToast(here, { type: "success", message: "account.otherSessionsRevoked" });
    }
    default:
      return unknownIntent();
  }
}
