// One schema for the repository form, used by the page (conform) and the action (spec section 5, issue 4).
// "Name already used" needs the database, so the server adds it as a field error.
import { z } from "zod";
import { message } from "../validation";

export const REPOSITORY_NAME_MAX = 100;
export const REPOSITORY_LINK_MIN = 4;
export const REPOSITORY_LINK_MAX = 2000;
export const REPOSITORY_DESCRIPTION_MAX = 1000;

export const repositorySchema = z.object({
  name: z
    .string({ error: message("validation.nameRequired") })
    .trim()
    .min(1, message("validation.nameRequired"))
    .max(REPOSITORY_NAME_MAX, message("validation.tooLong", { max: REPOSITORY_NAME_MAX })),
  link: z
    .string({ error: message("validation.linkRequired") })
    .trim()
    .min(1, message("validation.linkRequired"))
    .min(REPOSITORY_LINK_MIN, message("validation.linkTooShort", { min: REPOSITORY_LINK_MIN }))
    .max(REPOSITORY_LINK_MAX, message("validation.tooLong", { max: REPOSITORY_LINK_MAX }))
    .refine((link) => link.includes("."), message("validation.linkNoDot")),
  description: z
    .string()
    .trim()
    .max(REPOSITORY_DESCRIPTION_MAX, message("validation.tooLong", { max: REPOSITORY_DESCRIPTION_MAX }))
    .optional()
    .transform((description) => description ?? ""),
});

export type RepositoryInput = z.output<typeof repositorySchema>;

/** The comparison key of a name: unique per repository, and the sort order of the lists. */
export function repositoryNameKey(name: string): string {
  return name.normalize("NFKC").trim().toLowerCase();
}

/**
 * The address a link may be opened at: http(s) as written, no scheme shown as https, anything else (javascript:,
 * data:, ...) null, so it stays text.
 */
export function repositoryHref(link: string): string | null {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link.replace(/^\/+/, "")}`;
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
