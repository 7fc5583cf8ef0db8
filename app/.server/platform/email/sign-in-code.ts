import type { CodeEmailInput } from "./templates/code-email";
import { sendEmail } from "./transport";

/** The sign-in code e-mail, in the language the visitor was using when they asked for it. */
export async function sendSignInCodeEmail(input: CodeEmailInput) {
  // The templates and React Email load with the first e-mail, not with the server (docs/architecture.md, "E-mails").
  const [{ signInCodeEmail }, { renderEmail }] = await Promise.all([
    import("./templates/code-email"),
    import("./render"),
  ]);
  await sendEmail(await renderEmail(signInCodeEmail(input)));
}
