import type { ButtonHTMLAttributes } from "react";

// The padding is the boxed variants' own: a link-styled button lines up with the text around it.
const variants = {
  primary: "px-4 bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600",
  secondary:
    "px-4 border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
  danger: "px-4 bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
  link: "text-brand-600 underline underline-offset-4 hover:decoration-2 dark:text-brand-100",
} as const;

export const buttonClassName = (variant: keyof typeof variants = "primary", extra = "") =>
  `inline-flex min-h-10 items-center justify-center gap-2 rounded-md py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants; pending?: boolean };

export function Button({ variant = "primary", pending = false, className = "", children, ...props }: ButtonProps) {
  return (
    <button type="submit" {...props} className={buttonClassName(variant, className)} aria-busy={pending || undefined}>
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 animate-spin rounded-full border-2 border-current border-e-transparent"
    />
  );
}
