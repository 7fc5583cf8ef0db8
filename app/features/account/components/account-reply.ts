import type { SubmissionResult } from "@conform-to/react";

/** What the account page's action answers when it refuses a form: which form, conform's reply, a message for all. */
export type AccountReply = {
  intent: string;
  result?: SubmissionResult<string[]> | undefined;
  formError?: string | undefined;
};

/** conform's reply for the form of `intent`, when the last answer was for that form. */
export function resultFor(reply: AccountReply | undefined, intent: string) {
  return reply?.intent === intent ? reply.result : undefined;
}

/** Every message of the last answer for one of `intents` (the form's own, then each field's), as translation keys. */
export function messagesFor(reply: AccountReply | undefined, ...intents: string[]): string[] {
  if (!reply || !intents.includes(reply.intent)) return [];
  const fieldMessages = Object.values(reply.result?.error ?? {}).flatMap((messages) => messages ?? []);
  return [...(reply.formError ? [reply.formError] : []), ...fieldMessages];
}
