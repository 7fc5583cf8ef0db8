// One schema for the repository form, used by the page (conform) and the action (docs/product.md).
// "Name already used" needs the database, so the server adds it as a field error.
import { z } from "zod";

import { plainMultilineText, visibleText, withoutInvisibleCharacters } from "~/lib/schemas/text";
import { message } from "~/lib/validation";

const REPOSITORY_NAME_MAX = 100;
const REPOSITORY_LINK_MIN = 4;
const REPOSITORY_LINK_MAX = 2000;
const REPOSITORY_DESCRIPTION_MAX = 1000;

export const repositorySchema = z.object({
  // Stored composed (NFC); invisible characters are refused, not stripped: the name saved is the name typed.
  name: z
    .string({ error: message("validation.nameRequired") })
    .normalize("NFC")
    .trim()
    .min(1, message("validation.nameRequired"))
    .max(REPOSITORY_NAME_MAX, message("validation.tooLong", { max: REPOSITORY_NAME_MAX }))
    .refine(visibleText, message("validation.nameInvalid")),
  link: z
    .string({ error: message("validation.linkRequired") })
    .trim()
    .min(1, message("validation.linkRequired"))
    .min(REPOSITORY_LINK_MIN, message("validation.linkTooShort", { min: REPOSITORY_LINK_MIN }))
    .max(REPOSITORY_LINK_MAX, message("validation.tooLong", { max: REPOSITORY_LINK_MAX }))
    .refine((link) => link.includes("."), message("validation.linkNoDot"))
    .refine(visibleText, message("validation.invalidInput")),
  description: z
    .string()
    .trim()
    .max(REPOSITORY_DESCRIPTION_MAX, message("validation.tooLong", { max: REPOSITORY_DESCRIPTION_MAX }))
    .refine(plainMultilineText, message("validation.invalidInput"))
    .optional()
    .transform((description) => description ?? ""),
});

export type RepositoryInput = z.output<typeof repositorySchema>;

/**
 * The comparison key of a name: unique per repository, and the sort order of the lists. Names that look the same
 * get the same key: compatibility forms and composed/decomposed accents fold (NFKC), case folds, and characters
 * that cannot be seen are left out (the form refuses them; this also holds for a caller that skipped the form),
 * before folding too, so that one between a letter and its accent cannot keep them from composing.
 */
export function repositoryNameKey(name: string): string {
  return withoutInvisibleCharacters(withoutInvisibleCharacters(name).normalize("NFKC")).trim().toLowerCase();
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

/**
 * A repository as pages show it: what the loaders send (dates as they travel, Date or ISO text). Components take
 * this, never the server's row type.
 */
export type RepositoryView = {
  id: string;
  name: string;
  link: string;
  description: string;
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** A repository as a list row shows it (the list's loaders send no more). */
export type RepositoryListView = Pick<RepositoryView, "id" | "name" | "link" | "updatedAt">;
