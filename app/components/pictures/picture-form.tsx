import { useState, type ChangeEvent, type FormEvent } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";

import { Avatar } from "~/components/layout/avatar";
import { Button } from "~/components/ui/button";
import { formatters } from "~/lib/format";
import { formatUploadLimit, PICTURE_ACCEPT } from "~/lib/pictures";
import { useTranslation } from "~/lib/translation";

/**
 * A profile photo or an organization's logo: the current one (initials when none), a multipart form that uploads a
 * new one and one that removes it (ADR 051). Both post without JavaScript; with it, the chosen file is previewed, a
 * file over the limit is refused before it is sent, and the upload shows how much of the file has been sent.
 */
export function PictureForm({
  action,
  title,
  name,
  image,
  square = false,
  maxBytes,
}: {
  /** The route that takes the form (…/picture). */
  action: string;
  title: string;
  /** Whose picture, for the initials shown without one. */
  name: string;
  image: string | null;
  square?: boolean;
  maxBytes: number;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [preview, setPreview] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  /** The upload under way: the share of the file sent, from 0 to 1. */
  const [sent, setSent] = useState<number | null>(null);
  const uploading = sent !== null;
  const sending =
    uploading || (navigation.state !== "idle" && navigation.formAction?.replace(/\.data$/, "") === action);
  const size = formatUploadLimit(maxBytes, i18n.language);
  const headingId = `${action.replaceAll("/", "-")}-title`;
  const helpId = `${headingId}-help`;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setTooLarge(Boolean(file && file.size > maxBytes));
    if (!file || file.size > maxBytes) return;
    // A data: URL, which the page's CSP allows for images (a blob: URL it does not).
    const reader = new FileReader();
    reader.addEventListener("load", () => setPreview(typeof reader.result === "string" ? reader.result : null));
    reader.readAsDataURL(file);
  }

  /**
   * fetch, which React Router's <Form> uses, cannot tell how much of a body has been sent; XMLHttpRequest can. It posts
   * the form where <Form> would (the action's `.data` address), then the page's loaders run again, as after a
   * submission: the action comes back to this page, so they show the new picture and the toast left in the cookie.
   * Should the request fail, the browser posts the form itself, as without JavaScript.
   */
  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const request = new XMLHttpRequest();
    const fallBack = () => {
      setSent(null);
      form.submit();
    };
    request.upload.addEventListener("progress", (progress) => {
      if (progress.lengthComputable) setSent(progress.loaded / progress.total);
    });
    request.addEventListener("load", () => {
      if (request.status >= 400) return fallBack();
      setSent(1);
      void revalidator.revalidate().finally(() => setSent(null));
    });
    request.addEventListener("error", fallBack);
    request.open("POST", `${action}.data`);
    request.send(new FormData(form));
    setSent(0);
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="flex flex-wrap items-start gap-4">
        {preview ? (
          <img
            src={preview}
            alt={t("pictures.preview")}
            className={`size-20 shrink-0 object-cover ${square ? "rounded-lg" : "rounded-full"}`}
          />
        ) : (
          <Avatar name={name} image={image} square={square} className="size-20 text-2xl" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <form
            method="post"
            encType="multipart/form-data"
            action={action}
            onSubmit={upload}
            className="flex flex-col gap-2"
          >
            <input type="hidden" name="intent" value="upload" />
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t("pictures.choose")}
              <input
                type="file"
                name="picture"
                accept={PICTURE_ACCEPT}
                required
                aria-describedby={helpId}
                aria-invalid={tooLarge || undefined}
                onChange={choose}
                className="text-sm font-normal file:me-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
              />
            </label>
            <p id={helpId} className="text-sm text-zinc-600 dark:text-zinc-400">
              {t("pictures.help", { size })}
            </p>
            <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">
              {tooLarge ? t("pictures.refused.tooLarge", { size }) : null}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <Button pending={uploading} disabled={sending || tooLarge}>
                {uploading ? t("pictures.uploading") : t("pictures.upload")}
              </Button>
              {uploading ? (
                <>
                  <progress value={sent} max={1} className="h-2 w-32" aria-label={t("pictures.uploading")} />
                  <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                    {t("pictures.sent", { percent: formatters(i18n.language).percent(sent) })}
                  </span>
                </>
              ) : null}
            </div>
          </form>
          {image ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="remove" />
              <Button variant="secondary" disabled={sending}>
                {t("pictures.remove")}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </section>
  );
}
