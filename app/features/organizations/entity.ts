// The organization forms' schemas, used by the pages (conform) and the actions (docs/product.md, "Organizations").
// Rules that need the database (a slug in use, a limit reached) come back from the server as field or form errors.
import { z } from "zod";

import { languages } from "~/lib/i18n";
import { roleNames } from "~/lib/roles";
import { emailField } from "~/lib/schemas/sign-in";
import { visibleText } from "~/lib/schemas/text";
import { message } from "~/lib/validation";

const ORGANIZATION_NAME_MAX = 100;
const SLUG_MIN = 2;
const SLUG_MAX = 48;
const TEAM_NAME_MAX = 100;

/** Lower-case letters and digits in runs separated by single hyphens: an address part that reads the same to all. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug a name suggests: accents dropped, letters and digits kept, everything else a single hyphen, cut to the
 * maximum length. A name in a script without Latin letters gives "" (the person types a slug).
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

const nameField = (max: number) =>
  z
    .string({ error: message("validation.nameRequired") })
    .normalize("NFC")
    .trim()
    .min(1, message("validation.nameRequired"))
    .max(max, message("validation.tooLong", { max }))
    .refine(visibleText, message("validation.nameInvalid"));

const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .min(SLUG_MIN, message("organizations.slugTooShort", { min: SLUG_MIN }))
  .max(SLUG_MAX, message("validation.tooLong", { max: SLUG_MAX }))
  .regex(SLUG_PATTERN, message("organizations.slugInvalid"));

/**
 * Create and settings: a name, and a slug (the organization's address). Left empty, the slug is derived from the name
 * (`organizationSlug`); a name that gives none asks for one.
 */
export const organizationSchema = z
  .object({ name: nameField(ORGANIZATION_NAME_MAX), slug: z.string().trim().optional() })
  .superRefine((value, context) => {
    const parsed = slugField.safeParse(organizationSlug(value));
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message: value.slug ? issue.message : message("organizations.slugRequired"),
      });
  });

/** The slug of a valid form: as typed (lower-cased), or derived from the name. */
export function organizationSlug(value: { name: string; slug?: string | undefined }): string {
  return value.slug ? value.slug.trim().toLowerCase() : slugify(value.name);
}

/** What the feature module takes: the name, and the slug already settled. */
export type OrganizationInput = { name: string; slug: string };

/** Whether a member's stored role makes them an owner. */
export const isOwnerRole = (role: string): boolean => roleNames(role).includes("owner");

/** The roles one can give inside an organization, in the order the forms offer them. */
export const memberRoles = ["member", "admin", "owner"] as const;
export type MemberRole = (typeof memberRoles)[number];
const roleField = z.enum(memberRoles, { error: message("validation.invalidInput") });

export const memberRoleSchema = z.object({ memberId: z.string().min(1).max(200), role: roleField });

/** An invitation: the address, the role it gives, and the language of its e-mail. */
export const invitationSchema = z.object({
  email: emailField,
  role: roleField,
  language: z.enum(languages, { error: message("validation.invalidInput") }),
});
export type InvitationInput = z.output<typeof invitationSchema>;

export const teamSchema = z.object({ name: nameField(TEAM_NAME_MAX) });
export const teamMemberSchema = z.object({ userId: z.string().min(1, message("validation.required")).max(200) });

/** The organization switcher: an organization id, or empty for none. */
export const activeOrganizationSchema = z.object({ organizationId: z.string().max(200).optional() });
