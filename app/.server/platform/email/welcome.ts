// The welcome e-mail (its job kind: app/.server/features/user-access.ts); its words are in templates/welcome.tsx.
import type { WelcomeEmailInput } from "./templates/welcome";
import { sendEmail } from "./transport";

/** Sends the welcome; the template and React Email load with the first e-mail (docs/architecture.md, "E-mails"). */
export async function sendWelcomeEmail(input: WelcomeEmailInput) {
  const [{ welcomeEmail }, { renderEmail }] = await Promise.all([import("./templates/welcome"), import("./render")]);
  await sendEmail(await renderEmail(welcomeEmail(input)));
}
