import { Form, useNavigation } from "react-router";

import { Badge } from "~/components/ui/badge";
import { buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CircleCheck, CircleHelp, Monitor, Smartphone, Tablet, Tv, VenetianMask } from "~/components/ui/icons";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { useFormat } from "~/lib/format";
import type { SessionView } from "~/lib/session-view";
import { useTranslation } from "~/lib/translation";

/**
 * A user's sessions: device, browser, system, sign-in time, last activity and address, each with a revoke form
 * (`intent=revoke-session`, `sessionId`), and one action for the rest: "sign out everywhere else" for the user
 * themselves (`intent=sign-out-others`), "revoke all sessions" for an admin (`intent=revoke-all-sessions`), both
 * confirmed first. The route that renders it answers those intents.
 */
export function SessionList({ sessions, mode }: { sessions: SessionView[]; mode: "self" | "admin" }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const bulk = mode === "self" ? "sign-out-others" : "revoke-all-sessions";
  const devices = {
    desktop: t("sessions.device.desktop"),
    mobile: t("sessions.device.mobile"),
    tablet: t("sessions.device.tablet"),
    tv: t("sessions.device.tv"),
    unknown: t("sessions.device.unknown"),
  };
  const revocable = sessions.filter((item) => mode === "admin" || !item.current);
  return (
    <section aria-labelledby="sessions-title" className="flex flex-col gap-3">
      <h2 id="sessions-title" className="text-lg font-semibold">
        {t("sessions.title")}
      </h2>
      {sessions.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("sessions.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {sessions.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <DeviceIcon device={item.device} />
                  <span>{devices[item.device]}</span>
                  {item.current ? (
                    <Badge tone="brand" icon={<CircleCheck />}>
                      {t("sessions.current")}
                    </Badge>
                  ) : null}
                  {item.impersonated ? (
                    <Badge tone="warning" icon={<VenetianMask />}>
                      {t("sessions.impersonation")}
                    </Badge>
                  ) : null}
                </p>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  <bdi dir="ltr">
                    {[item.browser, item.os].filter(Boolean).join(" · ") || t("sessions.unknownBrowser")}
                  </bdi>
                </p>
                <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 text-sm text-zinc-600 dark:text-zinc-400">
                  <dt>{t("sessions.signedIn")}</dt>
                  <dd>{format.dateTime(item.signedInAt)}</dd>
                  <dt>{t("sessions.lastActive")}</dt>
                  <dd>{format.dateTime(item.lastActiveAt)}</dd>
                  <dt>{t("sessions.ip")}</dt>
                  <dd>
                    <bdi dir="ltr" className="[overflow-wrap:anywhere]">
                      {item.ip ?? t("sessions.unknownIp")}
                    </bdi>
                  </dd>
                </dl>
              </div>
              {mode === "admin" || !item.current ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="sessionId" value={item.id} />
                  <button type="submit" disabled={busy} className={buttonClassName("secondary")}>
                    {t("sessions.revoke")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {revocable.length > 0 ? (
        <div>
          <DialogLink name={bulk} className={buttonClassName("secondary")}>
            {mode === "self" ? t("sessions.signOutOthers") : t("sessions.revokeAll")}
          </DialogLink>
          <ConfirmDialog
            name={bulk}
            description={mode === "self" ? t("sessions.signOutOthersConfirm") : t("sessions.revokeAllConfirm")}
            fields={{ intent: bulk }}
          />
        </div>
      ) : null}
    </section>
  );
}

const deviceIcons = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, tv: Tv, unknown: CircleHelp } as const;

/** The kind of device a session was opened on, as an icon (decorative: the words follow it). */
function DeviceIcon({ device }: { device: SessionView["device"] }) {
  const Icon = deviceIcons[device];
  return <Icon aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />;
}
