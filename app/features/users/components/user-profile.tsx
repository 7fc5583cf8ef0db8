import type { ReactNode } from "react";

import { Avatar } from "~/components/layout/avatar";
import { Badge } from "~/components/ui/badge";
import { Ban } from "~/components/ui/icons";
import type { BanView } from "~/components/users/ban-notice";
import { UserRoleBadge, UserStatusBadge } from "~/components/users/user-status";
import { WithUserText } from "~/components/users/user-text";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

type DateValue = Date | string;

/** A user as the manager's detail page shows them (built on the server; components never import its types). */
export type UserDetailView = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  admin: boolean;
  banned: boolean | null;
  createdAt: DateValue;
  onboardedAt: DateValue | null;
  /** The ban in force, if any (an ended ban is none). */
  ban: BanView | null;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="flex min-w-0 flex-col gap-0.5 break-words">{children}</dd>
    </>
  );
}

/** Profile, role and status of a user; a ban with its reason and its end. Dates in UTC (app/lib/format.ts). */
export function UserProfile({ user }: { user: UserDetailView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const muted = "text-sm text-zinc-600 dark:text-zinc-400";
  return (
    <section aria-labelledby="profile-title" className="flex flex-col gap-3">
      <h2 id="profile-title" className="text-lg font-semibold">
        {t("userAdmin.profile")}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[max-content_minmax(0,1fr)] dark:border-zinc-800">
        <Row label={t("userAdmin.name")}>
          <span className="flex min-w-0 items-center gap-3">
            <Avatar name={user.name || user.email} image={user.image} className="size-12 text-base" />
            <bdi>{user.name || t("users.noName")}</bdi>
          </span>
        </Row>
        <Row label={t("users.email")}>
          <bdi dir="ltr" className="[overflow-wrap:anywhere]">
            {user.email}
          </bdi>
        </Row>
        <Row label={t("userAdmin.onboarding")}>
          {user.onboardedAt
            ? t("userAdmin.onboardedOn", { date: format.dateTime(user.onboardedAt) })
            : t("users.statusOnboarding")}
        </Row>
        <Row label={t("users.role")}>
          <span>
            <UserRoleBadge user={user} />
          </span>
        </Row>
        <Row label={t("users.status")}>
          {user.ban ? (
            <>
              <span>
                <Badge tone="danger" icon={<Ban />}>
                  {t("users.statusBanned")}
                </Badge>
              </span>
              <span className={muted}>
                {user.ban.expiresAt
                  ? t("userAdmin.bannedUntil", { date: format.dateTime(user.ban.expiresAt) })
                  : t("userAdmin.bannedWithoutEnd")}
              </span>
              <span className={muted}>
                {user.ban.reason ? (
                  <WithUserText sentence={(reason) => t("userAdmin.banReason", { reason })} value={user.ban.reason} />
                ) : (
                  t("userAdmin.noBanReason")
                )}
              </span>
            </>
          ) : (
            <span>
              <UserStatusBadge user={{ ...user, banned: false }} />
            </span>
          )}
        </Row>
      </dl>
      <p className={muted}>{t("users.joined", { date: format.date(user.createdAt) })}</p>
    </section>
  );
}
