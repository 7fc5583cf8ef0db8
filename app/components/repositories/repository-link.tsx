import { repositoryHref } from "~/lib/schemas/repository";

/**
 * A repository's link: clickable only for http(s) (no scheme reads as https); anything else stays text. Always left
 * to right and isolated (an element with `dir` is a bidi isolate), so an RTL page cannot move its punctuation.
 */
export function RepositoryLink({ link }: { link: string }) {
  const href = repositoryHref(link);
  if (!href) {
    return (
      <span dir="ltr" className="break-all">
        {link}
      </span>
    );
  }
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow"
      target="_blank"
      dir="ltr"
      className="break-all text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100"
    >
      {link}
    </a>
  );
}
