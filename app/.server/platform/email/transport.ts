import { createTransport, type Transporter } from "nodemailer";

import { getEnv } from "../env";
import { logger } from "../logger";

export type Email = { to: string; subject: string; text: string; html: string };

let transporter: Transporter | undefined;

/** Sends over SMTP_URL when it is set; otherwise writes the e-mail to the server log (the embedded start). */
export async function sendEmail(email: Email): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    logger.info(`e-mail to ${email.to}: ${email.subject}\n${email.text}`);
    return;
  }
  transporter ??= createTransport(env.SMTP_URL);
  await transporter.sendMail({ from: env.EMAIL_FROM, ...email });
}
