/** The thin coloured bar naming the environment (docs/product.md). */
export function EnvironmentBanner({ name, emoji, color }: { name: string; emoji?: string | undefined; color: string }) {
  return (
    <div
      role="note"
      aria-label={name}
      className="sticky top-0 z-50 py-0.5 text-center text-xs font-semibold text-black"
      style={{ backgroundColor: color }}
    >
      {emoji ? `${emoji} ` : ""}
      {name}
    </div>
  );
}
