import { useId } from "react";

import { useFormat } from "~/lib/format";
import { directionOf, isLanguage } from "~/lib/i18n";
import { useTranslation } from "~/lib/translation";

export type DayCount = { day: string; count: number };

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

const WIDTH = 640;
const HEIGHT = 220;
const PLOT = { top: 20, bottom: 32, side: 48 };
/**
 * The labels' size is in the SVG's units, so it shrinks with the chart: 12 units where the chart is drawn near its own
 * width, 22 on a phone, where it is drawn at about half (390 px wide: about 12 px, not 6).
 */
const LABEL = "fill-zinc-600 text-[22px] sm:text-[12px] dark:fill-zinc-400";

/**
 * Successful sign-ins per day as a bar chart drawn by the server: an SVG, so it needs no JavaScript. Its text
 * alternative is the SVG's title and description (total and busiest day), and the figures as a table under a
 * disclosure. Colours come from classes (light and dark themes); in a right-to-left language time runs right to left.
 */
export function SignInsChart({ days }: { days: DayCount[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const rtl = isLanguage(i18n.language) && directionOf(i18n.language) === "rtl";
  // The days are UTC days: written in UTC, so that no time zone moves one to its neighbour.
  const format = useFormat();

  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce<DayCount | null>((best, day) => (!best || day.count > best.count ? day : best), null);
  const first = days[0] ? format.mediumDate(dateOf(days[0].day)) : "";
  const last = days.at(-1) ? format.mediumDate(dateOf(days.at(-1)!.day)) : "";
  const summary =
    total > 0 && busiest
      ? t("manager.signInsSummary", {
          total: format.number(total),
          first,
          last,
          day: format.mediumDate(dateOf(busiest.day)),
          most: format.number(busiest.count),
        })
      : t("manager.signInsNone", { first, last });

  const max = Math.max(1, ...days.map((day) => day.count));
  const plotWidth = WIDTH - 2 * PLOT.side;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  /** Where the slot of the day at `index` starts, from the left edge: mirrored in a right-to-left language. */
  const slotStart = (index: number) => PLOT.side + (rtl ? days.length - 1 - index : index) * slot;
  const baseline = HEIGHT - PLOT.bottom;
  const labelled = [0, Math.floor((days.length - 1) / 2), days.length - 1].filter(
    (index, position, all) => index >= 0 && all.indexOf(index) === position,
  );
  // The value axis stands where reading starts: at the left, or at the right in a right-to-left language.
  const axisX = rtl ? WIDTH - PLOT.side + 6 : PLOT.side - 6;
  const axisAnchor = rtl ? "start" : "end";

  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full max-w-3xl text-brand-600 dark:text-brand-500"
      >
        <title id={`${id}-title`}>{t("manager.signInsTitle")}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line
          x1={PLOT.side}
          x2={WIDTH - PLOT.side}
          y1={baseline}
          y2={baseline}
          className="stroke-zinc-300 dark:stroke-zinc-700"
        />
        <line
          x1={PLOT.side}
          x2={WIDTH - PLOT.side}
          y1={PLOT.top}
          y2={PLOT.top}
          strokeDasharray="4 4"
          className="stroke-zinc-200 dark:stroke-zinc-800"
        />
        <text x={axisX} y={PLOT.top + 4} textAnchor={axisAnchor} className={LABEL}>
          {format.number(max)}
        </text>
        <text x={axisX} y={baseline + 4} textAnchor={axisAnchor} className={LABEL}>
          {format.number(0)}
        </text>
        {days.map((day, index) => {
          const height = (day.count / max) * plotHeight;
          return (
            <rect
              key={day.day}
              x={slotStart(index) + (slot - barWidth) / 2}
              y={baseline - height}
              width={barWidth}
              height={height}
              rx={1.5}
              fill="currentColor"
            >
              <title>{`${format.mediumDate(dateOf(day.day))}: ${format.number(day.count)}`}</title>
            </rect>
          );
        })}
        {labelled.map((index) => (
          <text key={index} x={slotStart(index) + slot / 2} y={HEIGHT - 8} textAnchor="middle" className={LABEL}>
            {format.dayAndMonth(dateOf(days[index]!.day))}
          </text>
        ))}
      </svg>
      <figcaption className="text-sm text-zinc-700 dark:text-zinc-300">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100">
          {t("manager.signInsTable")}
        </summary>
        <table className="mt-2 w-full max-w-sm text-start">
          <caption className="sr-only">{t("manager.signInsTitle")}</caption>
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="py-1 text-start font-medium">
                {t("manager.signInsDay")}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t("manager.signInsCount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className="border-b border-zinc-100 dark:border-zinc-900">
                <th scope="row" className="py-1 text-start font-normal">
                  <time dateTime={day.day}>{format.mediumDate(dateOf(day.day))}</time>
                </th>
                <td className="py-1 text-end tabular-nums">{format.number(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
