import { Badge } from "~/components/ui/badge";
import { Ban, CircleCheck, Clock, ShieldCheck, User } from "~/components/ui/icons";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

/** What the labels need; `admin` is computed on the server, where the one definition of an admin lives. */
type StatusUser = {
  admin: boolean;
  banned: boolean | null;
  /** The end of the ban in force, when it has one: the status then says until when. */
  banExpires?: Date | string | null;
  onboardedAt: Date | string | null;
};

/** Role and status of a user, in words. */
function useUserLabels() {
  const { t } = useTranslation();
  const format = useFormat();
  return {
    role: (user: Pick<StatusUser, "admin">) => (user.admin ? t("users.roleAdmin") : t("users.roleUser")),
    status: (user: StatusUser) => {
      if (user.banned && user.banExpires) {
        return t("users.bannedUntil", { date: format.dateTime(user.banExpires) });
      }
      if (user.banned) return t("users.statusBanned");
      return user.onboardedAt ? t("users.statusActive") : t("users.statusOnboarding");
    },
  };
}

/** A user's role as a badge: an administrator stands out. */
export function UserRoleBadge({ user }: { user: Pick<StatusUser, "admin"> }) {
  const labels = useUserLabels();
  return (
    <Badge tone={user.admin ? "brand" : "neutral"} icon={user.admin ? <ShieldCheck /> : <User />}>
      {labels.role(user)}
    </Badge>
  );
}

/** A user's status as a badge: banned in red, onboarding not finished in amber, active in green. */
export function UserStatusBadge({ user }: { user: StatusUser }) {
  const labels = useUserLabels();
  const tone = user.banned ? "danger" : user.onboardedAt ? "success" : "warning";
  const icon = user.banned ? <Ban /> : user.onboardedAt ? <CircleCheck /> : <Clock />;
  return (
    <Badge tone={tone} icon={icon}>
      {labels.status(user)}
    </Badge>
  );
}
