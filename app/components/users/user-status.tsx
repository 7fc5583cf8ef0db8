import { useTranslation } from "react-i18next";

/** What the labels need; `admin` is computed on the server, where the one definition of an admin lives. */
type StatusUser = { admin: boolean; banned: boolean | null; onboardedAt: Date | string | null };

/** Role and status of a user, in words. */
export function useUserLabels() {
  const { t } = useTranslation();
  return {
    role: (user: Pick<StatusUser, "admin">) => (user.admin ? t("users.roleAdmin") : t("users.roleUser")),
    status: (user: StatusUser) =>
      user.banned ? t("users.statusBanned") : user.onboardedAt ? t("users.statusActive") : t("users.statusOnboarding"),
  };
}
