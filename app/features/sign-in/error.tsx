import { Link } from "react-router";

import { getInstance } from "~/.server/web/i18n";
import { AuthCard } from "~/components/auth/auth-card";
import { buttonClassName } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/error";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

// "passkey" and "banned" come from our passkey sign-in (./passkey.ts), "second_factor_*" from the second
// factor's step (./second-factor.tsx); the others from better-auth.
const KNOWN_ERRORS = [
  "access_denied",
  "signup_disabled",
  "passkey",
  "banned",
  "second_factor_exhausted",
  "second_factor_expired",
  "unknown_error",
] as const;
type LoginError = (typeof KNOWN_ERRORS)[number];

/** Seven variants; any other value (or none) reads as unknown_error. */
function loginErrorOf(value: string | null): LoginError {
  return KNOWN_ERRORS.includes(value as LoginError) ? (value as LoginError) : "unknown_error";
}

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    title: getInstance(context).t("loginError.pageTitle"),
    error: loginErrorOf(new URL(request.url).searchParams.get("error")),
  };
}

export default function LoginErrorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t(`loginError.${loaderData.error}.title`)} description={t(`loginError.${loaderData.error}.text`)}>
      <Link to="/login" className={buttonClassName("primary")}>
        {t("loginError.backToLogin")}
      </Link>
    </AuthCard>
  );
}
