// The profile photo of the account page, in both areas (/app/account/picture, /manager/account/picture): upload or
// remove, as a multipart form post that comes back to the account page with a toast. The server lets this path, alone,
// send a body over 1 MiB (server/limits.ts, ADR 051). The rules: app/.server/features/pictures.ts.
import { redirect } from "react-router";

import { changePicture, removePicture } from "~/.server/features/pictures";
import { getEnv } from "~/.server/platform/env";
import { auditActorOf } from "~/.server/web/caller";
import { requirePermission } from "~/.server/web/guards";
import { readForm, unknownIntent } from "~/.server/web/http";
import { getLocale } from "~/.server/web/i18n";
import { redirectWithToast } from "~/.server/web/toast";
import { formatDuration } from "~/lib/i18n";
import { formatUploadLimit, pictureRefusalKeys } from "~/lib/pictures";
import type { Route } from "./+types/account-picture";

const accountPage = (request: Request) =>
  new URL(request.url).pathname.replace(/(\.data)?$/, "").replace(/\/picture$/, "");

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { account: ["read"] });
  throw redirect(accountPage(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission({ request, context }, { account: ["update"] });
  const formData = await readForm(request);
  const back = accountPage(request);
  const owner = { kind: "user", id: user.id, label: user.email } as const;
  const actor = auditActorOf(request, context);
  switch (formData.get("intent")) {
    case "upload": {
      const file = formData.get("picture");
      const changed = await changePicture(owner, file instanceof Blob ? file : new Blob([]), {
        uploaderId: user.id,
        actor,
      });
      if (changed.ok) return redirectWithToast(back, { type: "success", message: "pictures.photoChanged" });
      const language = getLocale(context);
      return redirectWithToast(back, {
        type: "error",
        message: pictureRefusalKeys[changed.reason],
        params: {
          size: formatUploadLimit(getEnv().UPLOAD_MAX_BYTES, language),
          wait: "retryAfterSeconds" in changed ? formatDuration(changed.retryAfterSeconds, language) : "",
        },
      });
    }
    case "remove": {
      await removePicture(owner, { actor });
      return redirectWithToast(back, { type: "success", message: "pictures.photoRemoved" });
    }
    default:
      return unknownIntent();
  }
}
