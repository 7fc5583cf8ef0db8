import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/translation";

/** Sign-out is a POST (never a GET that a link preview could trigger), so it is a form, styled as asked. */
export function SignOutButton({ variant = "secondary" }: { variant?: "secondary" | "link" }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout">
      <Button variant={variant}>{t("common.signOut")}</Button>
    </Form>
  );
}
