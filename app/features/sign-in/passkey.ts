// Signing in with a passkey (ADR 052), for /login's small script (public/passkey-sign-in.v2.js): the options of a
// challenge (JSON, with the button's words in the page's language), then the passkey's answer, posted as a form, which
// ends like any sign-in: the session, the device cookie, the page the person was going to. Closed in demo mode, where
// the page does not offer it.
import { redirect } from "react-router";

import { authenticationOptions, signInWithPasskey, verifyPasskeySignIn } from "~/.server/features/passkeys";
import { getEnv } from "~/.server/platform/env";
import { auditActorOf, callerOf } from "~/.server/web/caller";
import { destinationFor } from "~/.server/web/guards";
import { notFound, readForm, unknownIntent } from "~/.server/web/http";
import { getInstance } from "~/.server/web/i18n";
import { pendingSecondFactorCookie, rememberDeviceCookie } from "~/.server/web/sign-in-cookies";
import { challengeCookie, clearChallengeCookie, readChallenge } from "~/.server/web/webauthn-cookie";
import { buttonClassName } from "~/components/ui/button";
import { safeRedirect, withRedirect } from "~/lib/redirect";
import type { Route } from "./+types/passkey";

function parseJson(text: FormDataEntryValue | null): unknown {
  if (typeof text !== "string" || text.length > 16_384) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  if (getEnv().DEMO_MODE) notFound();
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "options": {
      const { options, challenge } = await authenticationOptions();
      const t = getInstance(context).t;
      return Response.json(
        { options, labels: { button: t("login.passkey") }, buttonClass: buttonClassName("secondary", "w-full") },
        { headers: { "Set-Cookie": await challengeCookie(challenge), "Cache-Control": "no-store" } },
      );
    }
    case "sign-in": {
      const redirectTo = safeRedirect(formData.get("redirect"));
      const caller = callerOf(request, context);
      const by = auditActorOf(request, context);
      const headers = new Headers({ "Set-Cookie": await clearChallengeCookie() });
      const refused = (error: string) => redirect(withRedirect(`/login/error?error=${error}`, redirectTo), { headers });
      const verified = await verifyPasskeySignIn(
        { response: parseJson(formData.get("credential")), challenge: await readChallenge(request) },
        caller,
        by,
      );
      if (!verified.ok) throw refused("passkey");
      const signedIn = await signInWithPasskey(verified.proof, caller, by);
      if (!signedIn.ok && signedIn.reason === "second-factor") {
        headers.append("Set-Cookie", await pendingSecondFactorCookie(signedIn.pendingId));
        throw redirect(withRedirect("/login/second-factor", redirectTo), { headers });
      }
      if (!signedIn.ok) throw refused(signedIn.reason === "banned" ? "banned" : "passkey");
      for (const cookie of signedIn.setCookies) headers.append("Set-Cookie", cookie);
      headers.append("Set-Cookie", await rememberDeviceCookie(request, signedIn.user.email));
      throw redirect(destinationFor(signedIn.user, redirectTo), { headers });
    }
    default:
      return unknownIntent();
  }
}
