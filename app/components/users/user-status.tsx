import { useTranslation } from "react-i18next";

/** What the labels need; `admin` is computed on the server, where the one definition of an admin lives. */
type StatusUser = {
  admin: boolean;
  banned: boolean | null;
  /** The end of the ban in force, when it has one: the status then says until when. */
  banExpires?: Date | string | null;
  onboardedAt: Date | string | null;
};

/** Role and status of a user, in words. */
export function useUserLabels() {
  const { t, i18n } = useTranslation();
  return {
    role: (user: Pick<StatusUser, "admin">) => (user.admin ? t("users.roleAdmin") : t("users.roleUser")),
    status: (user: StatusUser) => {
      if (user.banned && user.banExpires) {
        const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
          new Date(user.banExpires),
        );
        return t("users.bannedUntil", { date });
      }
      if (user.banned) return t("users.statusBanned");
      return user.onboardedAt ? t("users.statusActive") : t("users.statusOnboarding");
    },
  };
}
