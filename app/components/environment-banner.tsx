type BannerProps = { name: string; emoji?: string | undefined; background: string; text: string };

/** The thin coloured bar naming the environment (docs/product.md); `text` is black or white, whichever contrasts more with `background` (app/.server/platform/banner-colors.ts). */
export function EnvironmentBanner({ name, emoji, background, text }: BannerProps) {
  return (
    <div
      role="note"
      aria-label={name}
      className="sticky top-0 z-50 py-0.5 text-center text-xs font-semibold"
      style={{ backgroundColor: background, color: text }}
    >
      {emoji ? `${emoji} ` : ""}
      {name}
    </div>
  );
}
