// An organization's logo (/app/organizations/:slug/picture), set in its settings by owners and admins: upload or
// remove, as a multipart form post that comes back to the settings with a toast. The server lets this path, alone,
// send a body over 1 MiB (server/limits.ts, ADR 051). The rules: app/features/pictures/pictures.server.ts.
import { redirect } from "react-router";

import { auditActorOf } from "~/.server/web/caller";
import { getOrganizationScope, requireOrganizationPermission } from "~/.server/web/organization-scope";
import { answerPictureForm } from "~/.server/web/picture-form";
import { changePicture, removePicture } from "~/features/pictures/pictures.server";
import type { Route } from "./+types/app-picture";

const settingsOf = (slug: string) => `/app/organizations/${slug}/settings`;

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(settingsOf(getOrganizationScope(context).organization.slug));
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = requireOrganizationPermission(context, { organization: ["update"] });
  const owner = { kind: "organization", id: scope.organization.id, label: scope.organization.name } as const;
  const actor = auditActorOf(request, context);
  return answerPictureForm(request, context, {
    back: settingsOf(scope.organization.slug),
    upload: (file) => changePicture(owner, file, { uploaderId: scope.member.userId, actor }),
    remove: () => removePicture(owner, { actor }),
    messages: { changed: "pictures.logoChanged", removed: "pictures.logoRemoved" },
  });
}
