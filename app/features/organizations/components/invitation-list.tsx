import { Form, useNavigation } from "react-router";

import { RoleBadge } from "~/components/organizations/role-badge";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataList } from "~/components/ui/data-list";
import { Mail } from "~/components/ui/icons";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { WithUserText } from "~/components/users/user-text";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

/** An invitation as the organization's page lists it (the shape of `listInvitations`'s rows). */
export type InvitationRow = {
  id: string;
  email: string;
  role: string;
  status: "pending" | "expired" | "accepted" | "rejected" | "canceled";
  expiresAt: Date | string;
  inviterName: string | null;
  inviterEmail: string | null;
};

const statusTone = {
  pending: "brand",
  expired: "warning",
  accepted: "success",
  rejected: "neutral",
  canceled: "neutral",
} as const;

function StatusBadge({ status }: { status: InvitationRow["status"] }) {
  const { t } = useTranslation();
  const label = {
    pending: t("invitations.status.pending"),
    expired: t("invitations.status.expired"),
    accepted: t("invitations.status.accepted"),
    rejected: t("invitations.status.rejected"),
    canceled: t("invitations.status.canceled"),
  }[status];
  return <Badge tone={statusTone[status]}>{label}</Badge>;
}

/**
 * The organization's invitations, newest first: address, role, status, who sent it, when it ends; Send again and
 * Cancel (after a confirmation) on the ones still waiting, for those whose role allows them.
 */
export function InvitationList({
  invitations,
  canResend,
  canCancel,
  error,
}: {
  invitations: InvitationRow[];
  canResend: boolean;
  canCancel: boolean;
  /** The list could not be read: its error state with Retry. */
  error?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const resending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  return (
    <DataList
      page={{ items: invitations, nextHref: null }}
      getKey={(row) => row.id}
      label={t("invitations.listLabel")}
      error={error}
      empty={{
        icon: <Mail />,
        title: t("organizations.invitationsEmptyTitle"),
        text: t("organizations.invitationsEmptyText"),
      }}
      renderItem={(row) => {
        const waiting = row.status === "pending" || row.status === "expired";
        const inviter = row.inviterName || row.inviterEmail;
        return (
          <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <bdi dir="ltr" className="font-medium break-all">
                  {row.email}
                </bdi>
                <RoleBadge role={row.role} />
                <StatusBadge status={row.status} />
              </div>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                {inviter ? (
                  <WithUserText sentence={(name) => t("invitations.sentBy", { name })} value={inviter} />
                ) : null}
                {inviter && waiting ? " · " : null}
                {row.status === "pending"
                  ? t("invitations.expires", { date: format.dateTime(row.expiresAt) })
                  : row.status === "expired"
                    ? t("invitations.expiredOn", { date: format.dateTime(row.expiresAt) })
                    : null}
              </p>
            </div>
            {waiting && (canResend || canCancel) ? (
              <div className="flex flex-wrap gap-2">
                {canResend ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="invitationId" value={row.id} />
                    <Button
                      variant="secondary"
                      pending={resending && navigation.formData?.get("invitationId") === row.id}
                    >
                      {t("invitations.resend")}
                    </Button>
                  </Form>
                ) : null}
                {canCancel ? (
                  <>
                    <DialogLink name={`cancel-${row.id}`} className={buttonClassName("secondary")}>
                      {t("invitations.cancel")}
                    </DialogLink>
                    <ConfirmDialog
                      name={`cancel-${row.id}`}
                      description={t("invitations.cancelDescription", { email: row.email })}
                      fields={{ intent: "cancel", invitationId: row.id }}
                    />
                  </>
                ) : null}
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
