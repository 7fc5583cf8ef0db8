// The ban form of the manager's user detail page, for the page (conform) and the action. The end date is a native
// date field (it works without JavaScript): a ban lasts until the end of the chosen day, in UTC.
import { z } from "zod";

import { message } from "~/lib/validation";
import { visibleText } from "./text";

const BAN_REASON_MAX = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A day as a date field writes it (YYYY-MM-DD), in UTC. */
function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The first day a ban can end on: tomorrow, in UTC (today would be a ban that is already ending). */
export function firstBanDay(now = Date.now()): string {
  return isoDay(now + DAY_MS);
}

/** The instant a ban that lasts until the end of `day` (YYYY-MM-DD, UTC) ends; null for a day that does not exist. */
export function endOfBanDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, date);
  // 2027-02-30 would roll over to March: a day that does not exist is refused, not moved.
  if (Number.isNaN(start) || isoDay(start) !== day) return null;
  return new Date(start + DAY_MS);
}

export const banSchema = z.object({
  // Shown to the banned person when they try to sign in, and to admins: one line of characters that show.
  reason: z
    .string()
    .normalize("NFC")
    .trim()
    .max(BAN_REASON_MAX, message("validation.tooLong", { max: BAN_REASON_MAX }))
    .refine(visibleText, message("userAdmin.banReasonInvalid"))
    .optional()
    .transform((reason) => reason ?? ""),
  // Empty: the ban lasts until an admin lifts it. Otherwise the ban ends when that day (UTC) ends.
  until: z
    .string()
    .trim()
    .optional()
    .superRefine((day, context) => {
      if (!day) return;
      const end = endOfBanDay(day);
      if (!end) context.addIssue({ code: "custom", message: message("userAdmin.banUntilInvalid") });
      else if (day < firstBanDay()) context.addIssue({ code: "custom", message: message("userAdmin.banUntilPast") });
    })
    .transform((day) => (day ? endOfBanDay(day) : null)),
});
