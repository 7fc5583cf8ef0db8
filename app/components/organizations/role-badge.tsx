import { useTranslation } from "react-i18next";

/** A member's role in an organization, in words (a stored list of roles shows each). */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
      {roleLabel(t, role)}
    </span>
  );
}

export function roleLabel(t: (key: `organizations.roles.${"owner" | "admin" | "member"}`) => string, role: string) {
  return role
    .split(",")
    .map((name) => name.trim())
    .map((name) =>
      name === "owner" || name === "admin" || name === "member" ? t(`organizations.roles.${name}`) : name,
    )
    .join(", ");
}
