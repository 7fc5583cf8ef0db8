import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";

import { dialogHref } from "~/lib/dialog";
import { useTranslation } from "~/lib/translation";
import { Button, buttonClassName } from "./button";
import { ResponsiveDialog } from "./responsive-dialog";

type ConfirmDialogProps = {
  name: string;
  description: ReactNode;
  /** The form posted on Confirm: its action (default: this page) and hidden fields (an `intent`, an id...). */
  action?: string;
  fields: Record<string, string>;
};

/**
 * "Are you sure?", Cancel, Confirm: the step before every destructive action (docs/product.md). The destructive
 * button is a DialogLink to this dialog, so without JavaScript it also leads here first.
 */
export function ConfirmDialog({ name, description, action, fields }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <ResponsiveDialog name={name} title={t("ui.confirmTitle")} description={description} closeButton={false}>
      <Form method="post" action={action} className="flex flex-wrap justify-end gap-3">
        {Object.entries(fields).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <Link to={dialogHref(location, null)} replace preventScrollReset className={buttonClassName("secondary")}>
          {t("ui.confirmCancel")}
        </Link>
        <Button variant="danger" pending={navigation.state === "submitting"}>
          {t("ui.confirmConfirm")}
        </Button>
      </Form>
    </ResponsiveDialog>
  );
}
