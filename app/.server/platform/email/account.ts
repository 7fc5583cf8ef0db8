// The account page's e-mails (app/.server/features/account-access.ts): the code that confirms a new address, the notice to
// the old one, and the code that confirms a deletion. Each in the language of the page that asked for it; templates
// and React Email load with the first e-mail, not with the server (docs/architecture.md, "E-mails").
import type { CodeEmailInput } from "./templates/code-email";
import type { EmailChangedInput } from "./templates/email-changed";
import type { SecondFactorResetInput } from "./templates/second-factor-reset";
import { sendEmail } from "./transport";

/** The code that makes `to` the account's new address; it goes to that new address. */
export async function sendChangeEmailCodeEmail(input: CodeEmailInput) {
  const [{ changeEmailCodeEmail }, { renderEmail }] = await Promise.all([
    import("./templates/code-email"),
    import("./render"),
  ]);
  await sendEmail(await renderEmail(changeEmailCodeEmail(input)));
}

/** The notice to the address an account had before: where its e-mail went, and what to do if that was not them. */
export async function sendEmailChangedEmail(input: EmailChangedInput) {
  const [{ emailChangedEmail }, { renderEmail }] = await Promise.all([
    import("./templates/email-changed"),
    import("./render"),
  ]);
  await sendEmail(await renderEmail(emailChangedEmail(input)));
}

/** The code that confirms the deletion of the account, sent to its address. */
export async function sendDeleteAccountCodeEmail(input: CodeEmailInput) {
  const [{ deleteAccountCodeEmail }, { renderEmail }] = await Promise.all([
    import("./templates/code-email"),
    import("./render"),
  ]);
  await sendEmail(await renderEmail(deleteAccountCodeEmail(input)));
}

/** The code that proves the person again before what cannot be undone (a step-up, ADR 053), sent to their address. */
export async function sendStepUpCodeEmail(input: CodeEmailInput) {
  const [{ stepUpCodeEmail }, { renderEmail }] = await Promise.all([
    import("./templates/code-email"),
    import("./render"),
  ]);
  await sendEmail(await renderEmail(stepUpCodeEmail(input)));
}

/** The notice that an administrator reset the account's second factor (ADR 052). */
export async function sendSecondFactorResetEmail(input: SecondFactorResetInput) {
  const [{ secondFactorResetEmail }, { renderEmail }] = await Promise.all([
    import("./templates/second-factor-reset"),
    import("./render"),
  ]);
  await sendEmail(await renderEmail(secondFactorResetEmail(input)));
}
