import { Badge } from "~/components/ui/badge";
import { Crown, ShieldCheck, User } from "~/components/ui/icons";
import { roleNames } from "~/lib/roles";
import { useTranslation } from "~/lib/translation";

/** A member's role in an organization, in words (a stored list of roles shows each). */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={roleNames(role).includes("owner") ? "brand" : "neutral"} icon={roleIcon(role)}>
      {roleLabel(t, role)}
    </Badge>
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

/** The icon of the highest of the roles: a crown for an owner, a shield for an admin, a person for a member. */
function roleIcon(role: string) {
  const names = roleNames(role);
  if (names.includes("owner")) return <Crown />;
  if (names.includes("admin")) return <ShieldCheck />;
  return <User />;
}
