import type { Transporter } from "nodemailer";

import { getEnv, type Env } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";

/** `code`, when the e-mail carries one, leads the development log's entry; it is not a part of the message sent. */
export type Email = { to: string; subject: string; text: string; html: string; code?: string };

/** The SMTP connection pool, made at the first e-mail: nodemailer (some forty modules) is not loaded at start (ADR 029). */
let transporter: Promise<Transporter> | undefined;

/**
 * How e-mail leaves this server: over SMTP_URL; without it, written to the log only for local development (APP_URL on
 * localhost or a loopback address), never on a public origin, where the log would hand out every sign-in code
 * (ADR 021).
 */
export function emailDelivery(env: Pick<Env, "SMTP_URL" | "APP_URL">): "smtp" | "log" | "none" {
  if (env.SMTP_URL) return "smtp";
  const { hostname } = new URL(env.APP_URL);
  const local =
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === "[::1]";
  return local ? "log" : "none";
}

/** The start-up warning when e-mail cannot be delivered (the server prints it once). */
export function emailDeliveryWarning(env: Env = getEnv()): string | undefined {
  if (emailDelivery(env) !== "none" || env.DEMO_MODE) return undefined;
  return `SMTP_URL is not set and APP_URL (${env.APP_URL}) is not local: e-mails, sign-in codes included, are not sent and not logged. Set SMTP_URL.`;
}

/** Sends over SMTP_URL when it is set; otherwise see emailDelivery. */
export async function sendEmail(email: Email): Promise<void> {
  const env = getEnv();
  const delivery = emailDelivery(env);
  if (delivery === "log") {
    // The first line says who, what and the code, so a developer signing in finds it without reading the e-mail.
    const code = email.code === undefined ? "" : ` · code ${email.code}`;
    logger.info(
      `e-mail to ${email.to}: ${email.subject}${code} (development fallback: no SMTP_URL, so it is written here)\n${email.text}`,
    );
    return;
  }
  if (delivery === "none") {
    logger.warn("e-mail not sent: SMTP_URL is not set");
    return;
  }
  transporter ??= import("nodemailer").then(({ createTransport }) => createTransport(env.SMTP_URL));
  const { to, subject, text, html } = email;
  await (await transporter).sendMail({ from: env.EMAIL_FROM, to, subject, text, html });
}
