import { Fragment } from "react";

import { repositoryHref } from "~/features/repositories/entity";

/**
 * The link's text with a line-break opportunity after each slash: a long link wraps between its parts, and only a part
 * longer than the line is broken inside (overflow-wrap: anywhere, where break-all broke any word anywhere).
 */
function Breakable({ text }: { text: string }) {
  const parts = text.split("/");
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * A repository's link: clickable only for http(s) (no scheme reads as https); anything else stays text. Always left
 * to right and isolated (an element with `dir` is a bidi isolate), so an RTL page cannot move its punctuation.
 */
export function RepositoryLink({ link }: { link: string }) {
  const href = repositoryHref(link);
  if (!href) {
    return (
      <span dir="ltr" className="[overflow-wrap:anywhere]">
        <Breakable text={link} />
      </span>
    );
  }
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow"
      target="_blank"
      dir="ltr"
      className="[overflow-wrap:anywhere] text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100"
    >
      <Breakable text={link} />
    </a>
  );
}
