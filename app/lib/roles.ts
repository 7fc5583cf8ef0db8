// A member's roles in an organization, as better-auth stores them: shared by the organization pages
// (app/features/organizations/), the role badge the home page shows too, and the organization permissions.

/** The roles in a member's stored `role`: better-auth keeps a comma-separated list. */
export const roleNames = (role: string): string[] => role.split(",").map((name) => name.trim());
