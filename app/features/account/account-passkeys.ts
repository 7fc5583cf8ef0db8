// The passkeys of the account page, in both areas (/app/account/passkeys, /manager/account/passkeys): the options a
// browser needs to create one (JSON, asked by the page's script), then adding, renaming and removing (form posts that
// come back to the account page with a toast), and the options of a step-up with a passkey (ADR 053). The rules:
// app/.server/features/passkeys.ts (ADR 052).
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";

import {
  addPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  stepUpPasskeyOptions,
} from "~/.server/features/passkeys";
import { auditActorOf } from "~/.server/web/caller";
import { requirePermission } from "~/.server/web/guards";
import { readForm, unknownIntent } from "~/.server/web/http";
import { redirectWithToast } from "~/.server/web/toast";
import { challengeCookie, clearChallengeCookie, readChallenge } from "~/.server/web/webauthn-cookie";
import type { Route } from "./+types/account-passkeys";
import { addPasskeySchema, removePasskeySchema, renamePasskeySchema } from "./entity";

const accountPage = (request: Request) =>
  new URL(request.url).pathname.replace(/(\.data)?$/, "").replace(/\/passkeys$/, "");

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { account: ["read"] });
  throw redirect(accountPage(request));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission({ request, context }, { account: ["update"] });
  const formData = await readForm(request);
  const back = accountPage(request);
  const me = { id: user.id, email: user.email };
  const by = auditActorOf(request, context);
  switch (formData.get("intent")) {
    case "options": {
      const { options, challenge } = await registrationOptions({ ...me, name: user.name });
      return Response.json(
        { options },
        { headers: { "Set-Cookie": await challengeCookie(challenge), "Cache-Control": "no-store" } },
      );
    }
    // A step-up with one of the person's passkeys (ADR 053): its answer goes with the step-up form.
    case "step-up-options": {
      const { options, challenge } = await stepUpPasskeyOptions(user.id);
      return Response.json(
        { options },
        { headers: { "Set-Cookie": await challengeCookie(challenge), "Cache-Control": "no-store" } },
      );
    }
    case "add": {
      const submission = parseWithZod(formData, { schema: addPasskeySchema });
      if (submission.status !== "success")
        return redirectWithToast(back, { type: "error", message: "account.passkeys.invalid" });
      const { name, credential } = submission.value;
      const added = await addPasskey(
        me,
        { name, response: parseJson(credential), challenge: await readChallenge(request) },
        by,
      );
      const headers = { "Set-Cookie": await clearChallengeCookie() };
      if (added.ok) return redirectWithToast(back, { type: "success", message: "account.passkeys.added" }, { headers });
      const refusal = added.reason === "too-many" ? "account.passkeys.tooMany" : "account.passkeys.invalid";
      return redirectWithToast(back, { type: "error", message: refusal }, { headers });
    }
    case "rename": {
      const submission = parseWithZod(formData, { schema: renamePasskeySchema });
      if (submission.status !== "success" || !(await renamePasskey(me, submission.value.id, submission.value.name, by)))
        return redirectWithToast(back, { type: "error", message: "account.passkeys.invalidName" });
      return redirectWithToast(back, { type: "success", message: "account.passkeys.renamed" });
    }
    case "remove": {
      const submission = parseWithZod(formData, { schema: removePasskeySchema });
      if (submission.status === "success") await removePasskey(me, submission.value.id, by);
      return redirectWithToast(back, { type: "success", message: "account.passkeys.removed" });
    }
    default:
      return unknownIntent();
  }
}
