// The frame every e-mail shares (docs/architecture.md, "E-mails"): the recipient's language and direction on <html>, a
// preheader, the product's name as a text logo (no remote image to block or track), one column of e-mail-safe
// markup with inline styles (React Email's tables), and a footer that names the recipient.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { parse as parseUserAgent } from "bowser";
import type { ReactNode } from "react";

import { translator } from "~/lib/dictionaries";
import { formatters } from "~/lib/format";
import { defaultLanguage, directionOf, isLanguage, type Language } from "~/lib/i18n";
import { PRODUCT } from "~/locales/product";
import type { EmailContent } from "./types";

/** Where and when the request that sent an e-mail came from: the line that lets the recipient tell whether it was them. */
export type RequestOrigin = { userAgent?: string | null; at: Date };

// Colours: text 17:1, muted text 7.7:1 and links 6.7:1 against the white card (WCAG AAA for body text).
const colors = {
  text: "#18181b",
  muted: "#52525b",
  link: "#1d4ed8",
  line: "#e4e4e7",
  page: "#f4f4f5",
  card: "#ffffff",
};
const fontFamily =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Helvetica, Arial, sans-serif';
const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** The language an e-mail is written in: the one asked for when we have it, English otherwise. */
export function emailLanguage(language: string): Language {
  return isLanguage(language) ? language : defaultLanguage;
}

/** "Firefox on macOS", read from the User-Agent with bowser; "an unknown browser" when it says nothing useful. */
function deviceOf(userAgent: string | null | undefined, language: string): string {
  const t = translator(language);
  const parsed = userAgent ? parseUserAgent(userAgent.slice(0, 1024)) : undefined;
  const browser = parsed?.browser.name;
  const os = parsed?.os.name;
  if (browser && os) return t("email.origin.device", { browser, os });
  return browser || os || t("email.origin.unknownDevice");
}

/** The approximate time of a request, in the recipient's language, in UTC and saying so (app/lib/format.ts). */
export function timeOf(at: Date, language: string): string {
  return formatters(language).dateTime(at);
}

/** The device and time of a request, as the "origin" lines of the dictionaries name them. */
export function originOf(origin: RequestOrigin, language: string): { device: string; time: string } {
  return { device: deviceOf(origin.userAgent, language), time: timeOf(origin.at, language) };
}

/** An e-mail whose heading is its subject, in the branded layout: what every template answers. */
export function brandedEmail(
  frame: { to: string; subject: string; language: Language; preheader: string },
  children: ReactNode,
): EmailContent {
  const { to, subject, language, preheader } = frame;
  return {
    to,
    subject,
    body: (
      <Layout heading={subject} language={language} to={to} preheader={preheader}>
        {children}
      </Layout>
    ),
  };
}

function Layout({
  language,
  heading,
  preheader,
  to,
  children,
}: {
  language: Language;
  heading: string;
  preheader: string;
  to: string;
  children: ReactNode;
}) {
  const t = translator(language);
  const dir = directionOf(language);
  const align = dir === "rtl" ? "right" : "left";
  return (
    <Html lang={language} dir={dir}>
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preheader}</Preview>
      <Body style={{ backgroundColor: colors.page, margin: 0, padding: "24px 8px", fontFamily }}>
        <Container
          dir={dir}
          style={{
            maxWidth: "560px",
            backgroundColor: colors.card,
            border: `1px solid ${colors.line}`,
            borderRadius: "12px",
            padding: "32px 28px",
            color: colors.text,
            textAlign: align,
          }}
        >
          <Text style={{ margin: "0 0 24px", fontSize: "20px", lineHeight: "28px", fontWeight: 700 }}>
            <span
              data-skip-in-text="true"
              aria-hidden="true"
              style={{
                display: "inline-block",
                width: "28px",
                height: "28px",
                lineHeight: "28px",
                borderRadius: "7px",
                backgroundColor: colors.text,
                color: colors.card,
                textAlign: "center",
                fontSize: "16px",
                margin: dir === "rtl" ? "0 0 0 10px" : "0 10px 0 0",
                verticalAlign: "middle",
              }}
            >
              {PRODUCT.name.charAt(0)}
            </span>
            <span style={{ verticalAlign: "middle" }}>{PRODUCT.name}</span>
          </Text>
          <Heading as="h1" style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "30px", fontWeight: 700 }}>
            {heading}
          </Heading>
          {children}
          <Hr data-skip-in-text="true" style={{ borderColor: colors.line, margin: "24px 0 16px" }} />
          <Text style={{ margin: 0, fontSize: "13px", lineHeight: "20px", color: colors.muted }}>
            {t("email.layout.footer", { email: to })}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message; `muted` for the lines about security, which matter less than the task at hand. */
export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      style={{
        margin: "0 0 16px",
        fontSize: muted ? "14px" : "16px",
        lineHeight: muted ? "22px" : "24px",
        color: muted ? colors.muted : colors.text,
      }}
    >
      {children}
    </Text>
  );
}

/**
 * The one-time code, large and monospace, spaced by CSS only (the text stays six digits, so a double-click or a
 * long press selects and copies exactly the code), left to right in every language.
 */
export function Code({ code }: { code: string }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Text
        dir="ltr"
        style={{
          display: "inline-block",
          margin: 0,
          padding: "12px 20px",
          borderRadius: "8px",
          backgroundColor: colors.page,
          border: `1px solid ${colors.line}`,
          fontFamily: monospace,
          fontSize: "32px",
          lineHeight: "40px",
          fontWeight: 700,
          letterSpacing: "8px",
          color: colors.text,
          userSelect: "all",
          WebkitUserSelect: "all",
        }}
      >
        {code}
      </Text>
    </Section>
  );
}

/** A link written out in full (no hidden destination), left to right inside right-to-left text. */
export function FullLink({ href }: { href: string }) {
  return (
    <Link href={href} dir="ltr" style={{ color: colors.link, textDecoration: "underline", wordBreak: "break-all" }}>
      {href}
    </Link>
  );
}
