// The audit page's filter form (a GET form: its fields are the URL's search parameters), and an audit entry as the
// pages show it. Whatever the URL holds, reading it never throws: a value that is not one of ours is dropped, and a
// date that is not a calendar day is reported so the page can say it was ignored.
import { z } from "zod";

import { searchableText } from "~/lib/schemas/text";
import { isCalendarDay, isTimeZone } from "~/lib/time-zone";

const text = (max: number) =>
  z
    .string()
    .max(max)
    .catch("")
    .transform(searchableText)
    .transform((value) => value.trim());

const auditFilterSchema = z.object({
  actor: text(320),
  target: text(320),
  action: text(64),
  outcome: z.enum(["success", "refused"]).or(z.literal("")).catch(""),
  from: z
    .string()
    .max(32)
    .catch("")
    .transform((value) => value.trim()),
  to: z
    .string()
    .max(32)
    .catch("")
    .transform((value) => value.trim()),
  tz: z.string().max(64).catch(""),
});

export type AuditFilters = {
  actor: string;
  target: string;
  /** An action of the trail, or "" for all of them. */
  action: string;
  outcome: "" | "success" | "refused";
  /** Calendar days "YYYY-MM-DD" (both included), or "" for no bound. */
  from: string;
  to: string;
  /** The zone the days are read in, and the page's times shown in. */
  timeZone: string;
  /** What the page says about the dates: one was not a day (ignored), or the range ends before it starts. */
  dateProblem: "invalid" | "reversed" | null;
};

/**
 * The filters of an audit page's URL. `actions` are the known action names (another value means all actions);
 * `fallbackZone` is used when the URL names no zone, or one that does not exist.
 */
export function readAuditFilters(params: URLSearchParams, actions: readonly string[], fallbackZone: string) {
  const raw = auditFilterSchema.parse({
    actor: params.get("actor") ?? "",
    target: params.get("target") ?? "",
    action: params.get("action") ?? "",
    outcome: params.get("outcome") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    tz: params.get("tz") ?? "",
  });
  const from = isCalendarDay(raw.from) ? raw.from : "";
  const to = isCalendarDay(raw.to) ? raw.to : "";
  const invalid = (raw.from !== "" && from === "") || (raw.to !== "" && to === "");
  return {
    actor: raw.actor,
    target: raw.target,
    action: actions.includes(raw.action) ? raw.action : "",
    outcome: raw.outcome,
    from,
    to,
    timeZone: isTimeZone(raw.tz) ? raw.tz : fallbackZone,
    dateProblem: invalid ? "invalid" : from && to && from > to ? "reversed" : null,
  } satisfies AuditFilters;
}

/**
 * An audit entry as loaders send it and the audit components show it (dates as they travel, Date or ISO text).
 * Components take this, never the server's row type.
 */
export type AuditEntryView = {
  id: number;
  at: Date | string;
  action: string;
  outcome: string;
  reason: string | null;
  actorId: string | null;
  actorLabel: string | null;
  actorExists: boolean;
  impersonatorId: string | null;
  impersonatorLabel: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  targetExists: boolean;
  ip: string | null;
  details: Record<string, unknown> | null;
};
