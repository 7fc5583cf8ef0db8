// An organization's logo (/app/organizations/:slug/picture), set in its settings by owners and admins: upload or
// remove, as a multipart form post that comes back to the settings with a toast. The server lets this path, alone,
// send a body over 1 MiB (server/limits.ts, ADR 051). The rules: app/.server/features/pictures.ts.
import { redirect } from "react-router";

import { changePicture, removePicture } from "~/.server/features/pictures";
import { getEnv } from "~/.server/platform/env";
import { auditActorOf } from "~/.server/web/caller";
import { readForm, unknownIntent } from "~/.server/web/http";
import { getLocale } from "~/.server/web/i18n";
import { getOrganizationScope, requireOrganizationPermission } from "~/.server/web/organization-scope";
import { redirectWithToast } from "~/.server/web/toast";
import { formatDuration } from "~/lib/i18n";
import { formatUploadLimit, pictureRefusalKeys } from "~/lib/pictures";
import type { Route } from "./+types/picture";

const settingsOf = (slug: string) => `/app/organizations/${slug}/settings`;

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(settingsOf(getOrganizationScope(context).organization.slug));
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = requireOrganizationPermission(context, { organization: ["update"] });
  const formData = await readForm(request);
  const back = settingsOf(scope.organization.slug);
  const owner = { kind: "organization", id: scope.organization.id, label: scope.organization.name } as const;
  const actor = auditActorOf(request, context);
  switch (formData.get("intent")) {
    case "upload": {
      const file = formData.get("picture");
      const changed = await changePicture(owner, file instanceof Blob ? file : new Blob([]), {
        uploaderId: scope.member.userId,
        actor,
      });
      if (changed.ok) return redirectWithToast(back, { type: "success", message: "pictures.logoChanged" });
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
      return redirectWithToast(back, { type: "success", message: "pictures.logoRemoved" });
    }
    default:
      return unknownIntent();
  }
}
