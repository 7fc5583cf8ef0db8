/** Up to two initials of a name (or of an e-mail's local part), in the person's own script. */
export function initialsOf(name: string): string {
  const words = name
    .split("@")[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  return letters.map((word) => Array.from(word)[0]!.toLocaleUpperCase()).join("") || "?";
}

/**
 * A person (round) or an organization (`square`): their picture when they have one, their initials otherwise.
 * Decorative: the name is beside it.
 */
export function Avatar({
  name,
  image,
  square = false,
  className = "size-8 text-xs",
}: {
  name: string;
  image?: string | null;
  square?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden bg-brand-600 font-semibold text-white select-none ${square ? "rounded-md" : "rounded-full"} ${className}`}
    >
      {image ? (
        <img src={image} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
