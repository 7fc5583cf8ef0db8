// A stored picture (a profile photo, an organization's logo), served by the app from whichever store holds it, to a
// signed-in person (ADR 051). Its name is random and never reused, so its answer can be kept for a year; the fixed
// type, nosniff and the page's strict CSP (security middleware) mean a browser can only ever show it as an image.
import { getOptionalUser } from "~/.server/web/guards";
import type { Route } from "./+types/picture";
import { readPicture } from "./pictures.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const bytes = getOptionalUser({ context }) ? await readPicture(params.name) : null;
  if (!bytes) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(bytes, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      "X-Content-Type-Options": "nosniff",
      // private: a shared cache would keep a picture after its account is deleted.
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    },
  });
}
