// The action of a picture form, a profile photo or an organization's logo (ADR 051): one multipart form uploads, one
// removes, and either comes back to the page it was posted from with a toast. The rules are the route's callbacks
// (app/features/pictures/pictures.server.ts), which this layer does not import.
import type { RouterContextProvider } from "react-router";

import { getEnv } from "~/.server/platform/env";
import { formatDuration } from "~/lib/i18n";
import { formatUploadLimit, pictureRefusalKeys } from "~/lib/pictures";
import type { Toast } from "~/lib/toast";
import { readForm, unknownIntent } from "./http";
import { getLocale } from "./i18n";
import { redirectWithToast } from "./toast";

/** What an upload came to: the features' PictureResult, matched by TypeScript where the route hands it over. */
type UploadResult = { ok: true } | { ok: false; reason: keyof typeof pictureRefusalKeys; retryAfterSeconds?: number };

export async function answerPictureForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  {
    back,
    upload,
    remove,
    messages,
  }: {
    /** The page the form is on, where the answer goes back to. */
    back: string;
    upload: (file: Blob) => Promise<UploadResult>;
    remove: () => Promise<void>;
    messages: { changed: Toast["message"]; removed: Toast["message"] };
  },
) {
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "upload": {
      const file = formData.get("picture");
      const changed = await upload(file instanceof Blob ? file : new Blob([]));
      if (changed.ok) return redirectWithToast(back, { type: "success", message: messages.changed });
      const language = getLocale(context);
      return redirectWithToast(back, {
        type: "error",
        message: pictureRefusalKeys[changed.reason],
        params: {
          size: formatUploadLimit(getEnv().UPLOAD_MAX_BYTES, language),
          wait: changed.retryAfterSeconds === undefined ? "" : formatDuration(changed.retryAfterSeconds, language),
        },
      });
    }
    case "remove": {
      await remove();
      return redirectWithToast(back, { type: "success", message: messages.removed });
    }
    default:
      return unknownIntent();
  }
}
