import { useTranslation } from "react-i18next";

type StatusUser = { role: string | null; banned: boolean | null; onboardedAt: Date | string | null };

/** Role and status of a user, in words. */
export function useUserLabels() {
  const { t } = useTranslation();
  return {
    role: (user: StatusUser) => ((user.role ?? "user").split(",").includes("admin") ? t("users.roleAdmin") : t("users.roleUser")),
    status: (user: StatusUser) => (user.banned ? t("users.statusBanned") : user.onboardedAt ? t("users.statusActive") : t("users.statusOnboarding")),
  };
}
