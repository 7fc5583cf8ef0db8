import type { ReactElement } from "react";

/** A template's answer: the subject and the message as React, which `renderEmail` turns into HTML and text. */
export type EmailContent = {
  to: string;
  subject: string;
  body: ReactElement;
  /** The code an e-mail carries, for the first line of the development log (app/.server/platform/email/transport.ts). */
  code?: string;
};
