import { Fragment, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";

import { SignOutButton } from "~/components/auth/sign-out-button";
import { roleLabel } from "~/components/organizations/role-badge";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClassName } from "~/components/ui/button";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { translateMessage } from "~/lib/validation";

/** An invitation as its recipient sees it (the page's loader data). */
export type InvitationForRecipient = {
  state: "pending" | "inviter-left" | "expired" | "accepted" | "rejected" | "canceled";
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
  role: string;
  expiresAt: Date | string;
};

/** Stand for the values in the translated sentence: private-use characters, which no dictionary holds. */
const SLOTS = ["\u{E000}", "\u{E001}", "\u{E002}"] as const;

/** A translated sentence with several things people typed in it, each in a <bdi> of its own (see WithUserText). */
function Sentence({ text, values }: { text: (slots: typeof SLOTS) => string; values: ReactNode[] }) {
  return (
    <>
      {text(SLOTS)
        .split(/([\u{E000}-\u{E002}])/u)
        .map((part, index) => {
          const slot = (SLOTS as readonly string[]).indexOf(part);
          return <Fragment key={index}>{slot === -1 ? part : values[slot]}</Fragment>;
        })}
    </>
  );
}

/**
 * The invitation page's content: for its recipient, the organization, who invites and with which role, and Accept
 * and Decline while it is pending, or what became of it; for anyone else, only that it is not theirs.
 */
export function InvitationAnswer({
  invitation,
  signedInAs,
  error,
}: {
  invitation: InvitationForRecipient | null;
  signedInAs: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const answering = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const errorAlert = error ? <Alert tone="error">{translateMessage(t, error)}</Alert> : null;
  const home = (
    <Link to="/app" className={buttonClassName("secondary")}>
      {t("invitations.page.goToApp")}
    </Link>
  );

  if (!invitation) {
    return (
      <>
        {errorAlert}
        <Alert tone="error">{t("authErrors.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION")}</Alert>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <Sentence
            text={([email]) => t("invitations.page.signedInAs", { email })}
            values={[
              <bdi dir="ltr" key="e">
                {signedInAs}
              </bdi>,
            ]}
          />
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {home}
          <SignOutButton />
        </div>
      </>
    );
  }

  if (invitation.state !== "pending" && invitation.state !== "inviter-left") {
    const said = {
      expired: t("invitations.page.stateExpired"),
      canceled: t("invitations.page.stateCanceled"),
      accepted: t("invitations.page.stateAccepted"),
      rejected: t("invitations.page.stateRejected"),
    }[invitation.state];
    return (
      <>
        {errorAlert}
        <Alert>{said}</Alert>
        <div>{home}</div>
      </>
    );
  }

  return (
    <>
      {errorAlert}
      <p>
        <Sentence
          text={([inviter, email, organization]) =>
            t("invitations.page.invitedYou", { inviter, email, organization, role: roleLabel(t, invitation.role) })
          }
          values={[
            <bdi key="inviter">{invitation.inviterName || invitation.inviterEmail}</bdi>,
            <bdi key="email" dir="ltr">
              {invitation.inviterEmail}
            </bdi>,
            <strong key="organization">
              <bdi>{invitation.organizationName}</bdi>
            </strong>,
          ]}
        />
      </p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t("invitations.page.expiresOn", { date: format.dateTime(invitation.expiresAt) })}
      </p>
      {invitation.state === "inviter-left" ? (
        <Alert tone="error">{t("authErrors.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION")}</Alert>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-3">
        {invitation.state === "pending" ? (
          <Button name="intent" value="accept" pending={answering === "accept"}>
            {t("invitations.page.accept")}
          </Button>
        ) : null}
        <Button name="intent" value="decline" variant="secondary" pending={answering === "decline"}>
          {t("invitations.page.decline")}
        </Button>
      </Form>
    </>
  );
}
