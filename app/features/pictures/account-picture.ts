// The profile photo of the account page, in both areas (/app/account/picture, /manager/account/picture): upload or
// remove, as a multipart form post that comes back to the account page with a toast. The server lets this path, alone,
// send a body over 1 MiB (server/limits.ts, ADR 051). The rules: ./pictures.server.ts.
import { redirect } from "react-router";

import { auditActorOf } from "~/.server/web/caller";
import { requirePermission } from "~/.server/web/guards";
import { answerPictureForm } from "~/.server/web/picture-form";
import type { Route } from "./+types/account-picture";
import { changePicture, removePicture } from "./pictures.server";

const accountPage = (request: Request) =>
  new URL(request.url).pathname.replace(/(\.data)?$/, "").replace(/\/picture$/, "");

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission({ request, context }, { account: ["read"] });
  throw redirect(accountPage(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission({ request, context }, { account: ["update"] });
  const owner = { kind: "user", id: user.id, label: user.email } as const;
  const actor = auditActorOf(request, context);
  return answerPictureForm(request, context, {
    back: accountPage(request),
    upload: (file) => changePicture(owner, file, { uploaderId: user.id, actor }),
    remove: () => removePicture(owner, { actor }),
    messages: { changed: "pictures.photoChanged", removed: "pictures.photoRemoved" },
  });
}
