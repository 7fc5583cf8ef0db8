import { Link } from "react-router";

import { useTranslation } from "~/lib/translation";

/** Our mark: the three courses of a foundation, as in public/favicon.svg. Decorative: the name next to it is the text. */
function LogoMark({ className = "size-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="7" className="fill-brand-600 dark:fill-brand-500" />
      <path d="M8 22h16M10 17h12M12 12h8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The mark and the product name, a link to the area's home. */
export function Logo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md text-base font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <LogoMark />
      <span>{t("meta.productName")}</span>
    </Link>
  );
}
