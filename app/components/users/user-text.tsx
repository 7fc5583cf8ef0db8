import { Fragment } from "react";

/** Stands for the value in the translated sentence: a private-use character, which no dictionary holds. */
const SLOT = "\u{E000}";

/**
 * A translated sentence with something a person typed inside it ("Hello, {{name}}"), that value in a <bdi>: its
 * direction is its own, so an English name cannot move the punctuation of an Arabic sentence, nor the other way
 * round. `sentence` gets the placeholder to pass as the value: `(name) => t("app.greeting", { name })`.
 */
export function WithUserText({
  sentence,
  value,
  dir,
}: {
  sentence: (slot: string) => string;
  value: string;
  dir?: "ltr";
}) {
  const parts = sentence(SLOT).split(SLOT);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <bdi dir={dir}>{value}</bdi> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
