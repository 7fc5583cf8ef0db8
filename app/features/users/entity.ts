// The manager's user form (create and update) and the URL state of the user list, shared by the page and the server.
// "Email already used" needs the database, so the server adds it as a field error, as it does the role rules.
import { z } from "zod";

import { languages } from "~/lib/i18n";
import { emailField, personNameField } from "~/lib/schemas/sign-in";
import { message } from "~/lib/validation";

const userRoles = ["user", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

const roleField = z.enum(userRoles, { error: message("validation.invalidInput") });

/** Update: e-mail (stored lower-cased, as better-auth stores it), name (the onboarding rules), role. */
export const userSchema = z.object({
  email: emailField.transform((email) => email.toLowerCase()),
  name: personNameField,
  role: roleField,
});

/** Create: the same, and the language of the welcome e-mail. */
export const newUserSchema = userSchema.extend({
  language: z.enum(languages, { error: message("validation.invalidInput") }),
});

export type UserInput = z.output<typeof userSchema>;
export type NewUserInput = z.output<typeof newUserSchema>;

// The list's order: `?sort=` and `?direction=` (anything else reads as the default, never an error).
const userSorts = ["email", "name", "createdAt"] as const;
export type UserSort = (typeof userSorts)[number];
export type SortDirection = "asc" | "desc";
export type UserListOrder = { sort: UserSort; direction: SortDirection };

/** The direction a sort starts in when it is chosen: names and addresses A to Z, the newest accounts first. */
export const firstDirection: Record<UserSort, SortDirection> = { email: "asc", name: "asc", createdAt: "desc" };
const defaultUserOrder: UserListOrder = { sort: "email", direction: "asc" };

export function readUserListOrder(url: URL): UserListOrder {
  const sort = url.searchParams.get("sort");
  if (!(userSorts as readonly (string | null)[]).includes(sort)) return defaultUserOrder;
  const direction = url.searchParams.get("direction");
  return {
    sort: sort as UserSort,
    direction: direction === "asc" || direction === "desc" ? direction : firstDirection[sort as UserSort],
  };
}

/**
 * A user as the list shows it: what the loader sends (dates as they travel, Date or ISO text). `admin` and `banned`
 * are decided on the server (ADMIN_USER_IDS; a ban past its end date is no longer in force).
 */
export type UserListItem = {
  id: string;
  email: string;
  name: string;
  /** Their photo's URL (ADR 051), or null. */
  image: string | null;
  admin: boolean;
  banned: boolean;
  banExpires: Date | string | null;
  onboardedAt: Date | string | null;
  createdAt: Date | string;
};
