// What the picture forms and the routes behind them share (ADR 051).
import type { ParseKeys } from "i18next";

/** What the file input offers; the server decides by the file's first bytes, whatever the browser says. */
export const PICTURE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/** The message of each reason an upload is refused (app/.server/platform/storage/picture-image.ts). */
export const pictureRefusalKeys = {
  empty: "pictures.refused.empty",
  "too-large": "pictures.refused.tooLarge",
  "not-a-picture": "pictures.refused.notAPicture",
  "too-many-pixels": "pictures.refused.tooManyPixels",
  unreadable: "pictures.refused.unreadable",
  "rate-limited": "pictures.refused.rateLimited",
} as const satisfies Record<string, ParseKeys>;

/** The upload limit in megabytes of 1024 x 1024 bytes, in the page's language ("5 MB", "5 Mo"). */
export function formatUploadLimit(bytes: number, language: string): string {
  const format = new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
  return format.format(bytes / (1024 * 1024));
}
