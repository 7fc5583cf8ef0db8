// The invitation e-mail (its job: app/.server/features/organization-access.ts); its words are in templates/invitation.tsx.
import type { InvitationEmailInput } from "./templates/invitation";
import { sendEmail } from "./transport";

/** Sends the invitation; the template and React Email load with the first e-mail (docs/architecture.md, "E-mails"). */
export async function sendInvitationEmail(input: InvitationEmailInput) {
  const [{ invitationEmail }, { renderEmail }] = await Promise.all([
    import("./templates/invitation"),
    import("./render"),
  ]);
  await sendEmail(await renderEmail(invitationEmail(input)));
}
