// Turns a template's React into the two parts of an e-mail: e-mail-safe HTML, and a plain-text part converted from
// that same HTML (so both always say the same), with the parts marked data-skip-in-text (the preheader, the logo's
// mark, the rule) left out. Loaded on the first e-mail, not at start (docs/architecture.md, "E-mails").
// Never `pretty`: it would load prettier into the server.
import { render, toPlainText } from "@react-email/render";

import type { EmailContent } from "./templates/types";
import type { Email } from "./transport";

export async function renderEmail({ to, subject, body, code }: EmailContent): Promise<Email> {
  const html = await render(body);
  const text = toPlainText(html, {
    selectors: [{ selector: "h1", options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } }],
  });
  return { to, subject, html, text: `${text.trim()}\n`, ...(code === undefined ? {} : { code }) };
}
