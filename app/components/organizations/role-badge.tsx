import { useTranslation } from "react-i18next";

import { roleNames } from "~/lib/schemas/organization";

/** A member's role in an organization, in words (a stored list of roles shows each). */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
      {roleLabel(t, role)}
    </span>
  );
}

/** The words of each role (written out, so the dictionaries' checks see them). */
const ROLE_LABELS = {
  owner: "organizations.roles.owner",
  admin: "organizations.roles.admin",
  member: "organizations.roles.member",
} as const;

/** A stored role (possibly a comma-separated list) in words; an unknown role shows as stored. */
export function roleLabel(t: (key: (typeof ROLE_LABELS)[keyof typeof ROLE_LABELS]) => string, role: string) {
  return roleNames(role)
    .map((name) => (Object.hasOwn(ROLE_LABELS, name) ? t(ROLE_LABELS[name as keyof typeof ROLE_LABELS]) : name))
    .join(", ");
}
