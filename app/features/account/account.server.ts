// The account page's rules (docs/architecture.md, "Account"): a new e-mail address is confirmed by a code sent to it;
// a deletion is confirmed by a code sent to the current address and removes the account in one batch; and the user
// can take a copy of their data. Plain values in, plain values out.
import { and, desc, eq, exists, inArray, or } from "drizzle-orm";

import {
  changeEmailCodeJob,
  codeBudgets,
  deleteAccountCodeJob,
  emailChangedNoticeJob,
  sendAccountCode,
  type Caller,
  type Me,
  type RateLimited,
} from "~/.server/features/account-access";
import { soleOwnedOrganizations } from "~/.server/features/organization-access";
import { listPasskeys, type PasskeyView } from "~/.server/features/passkeys";
import { secondFactorFacts } from "~/.server/features/second-factor";
import { listSessions, revokeOtherOwnSessions } from "~/.server/features/sessions";
import { signOut } from "~/.server/features/sign-in";
import { isLastAdmin, withAdminRightsLock } from "~/.server/features/user-access";
import { endImpersonationsBy } from "~/.server/platform/auth/impersonation";
import { checkOneTimeCode, oneTimeCodeIds, type OneTimeCodeCheck } from "~/.server/platform/auth/one-time-code";
import { db } from "~/.server/platform/db/client";
import { isLastOwnerRefusal, isUniqueViolation } from "~/.server/platform/db/errors";
import { account, auditEvent, signInCode, user, verification } from "~/.server/platform/db/schema";
import { enqueue } from "~/.server/platform/jobs/queue";
import { consumeAll } from "~/.server/platform/security/rate-limit";
import { PICTURE_CONTENT_TYPE } from "~/.server/platform/storage/picture-image";
import { pictureNameOf } from "~/.server/platform/storage/picture-names";
import { removePictureAt } from "~/.server/platform/storage/picture-store";
import { recordAudit } from "~/features/audit/audit.server";
import { readPicture } from "~/features/pictures/pictures.server";
import type { SessionView } from "~/lib/session-view";

type CodeRefusal = { ok: false; reason: Exclude<OneTimeCodeCheck, "right"> };

const normalise = (email: string) => email.trim().toLowerCase();

/** Is an address someone's (anyone's: the answer never says whose)? */
async function addressInUse(email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return Boolean(row);
}

// ——— Changing the e-mail address ———

/**
 * Sends a code to the new address. The budget is spent first, so that the "already used" answer cannot be used to
 * probe many addresses. Refused: the current address, an address already used (without saying whose).
 */
export async function requestEmailChange(
  me: Me,
  rawNewEmail: string,
  caller: Caller,
): Promise<
  { ok: true; newEmail: string; lastCode: boolean } | { ok: false; reason: "same-address" | "email-used" } | RateLimited
> {
  const newEmail = normalise(rawNewEmail);
  if (newEmail === me.email) return { ok: false, reason: "same-address" };
  const limited = await consumeAll(codeBudgets("change-email", me.id, newEmail));
  if (!limited.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  if (await addressInUse(newEmail)) return { ok: false, reason: "email-used" };
  await sendAccountCode(changeEmailCodeJob, "change-email", me.id, newEmail, caller);
  return { ok: true, newEmail, lastCode: limited.remaining === 0 };
}

/**
 * Makes the new address the account's with the code that was sent to it, tells the old address, and ends the
 * account's other sessions as "sign out everywhere else" does (whoever held the old address may hold one: ADR 017).
 * The database's unique index has the last word: an address taken since the code was sent is refused with the same
 * answer as before, never an error.
 */
export async function confirmEmailChange(
  me: Me,
  input: { newEmail: string; code: string },
  caller: Caller & { headers: Headers },
): Promise<{ ok: true; newEmail: string } | { ok: false; reason: "email-used" } | CodeRefusal> {
  const newEmail = normalise(input.newEmail);
  const checked = await checkOneTimeCode("change-email", me.id, newEmail, input.code);
  if (checked !== "right") return { ok: false, reason: checked };
  const notice = {
    to: me.email,
    newEmail,
    language: caller.language,
    userAgent: caller.userAgent ?? null,
    at: Date.now(),
  };
  try {
    // The address and the old one's notice commit together, the notice only if the address did change (an account
    // deleted meanwhile); the notice is retried until the old address's mail server takes it (ADR 046). Written here,
    // not through better-auth's adapter: its user hooks check names, pictures and bans, which an address leaves alone.
    await enqueue(emailChangedNoticeJob, notice, {
      with: [db.update(user).set({ email: newEmail, emailVerified: true }).where(eq(user.id, me.id))],
      onlyIf: exists(
        db
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.id, me.id), eq(user.email, newEmail))),
      ),
    });
  } catch (error) {
    if (isUniqueViolation(error, "user.email")) return { ok: false, reason: "email-used" };
    throw error;
  }
  await recordAudit(caller.actor, {
    action: "user.email-changed",
    target: { type: "user", id: me.id, label: newEmail },
    details: { from: me.email, to: newEmail },
  });
  await revokeOtherOwnSessions({ id: me.id, email: newEmail }, caller);
  return { ok: true, newEmail };
}

// ——— Deleting the account ———

type DeletionRefusal = "last-admin" | "sole-owner";
/** Why a deletion is refused; for "sole-owner", the names of the organizations the user alone owns. */
export type DeletionRefused = { ok: false; reason: DeletionRefusal; organizations?: string[] };

/**
 * The rules that may refuse a deletion, each answering a reason or null; checked before a code is sent and again just
 * before anything is deleted. A new rule is one more entry here, with its reason added to `DeletionRefusal` and a
 * message on the account page.
 */
const deletionRules: Array<(userId: string) => Promise<DeletionRefused | null>> = [
  async (userId) => ((await isLastAdmin(userId, "access")) ? { ok: false, reason: "last-admin" } : null),
  // An organization would be left without an owner: the user names another owner, or deletes it, first.
  async (userId) => {
    const owned = await soleOwnedOrganizations(userId);
    return owned.length ? { ok: false, reason: "sole-owner", organizations: owned.map((row) => row.name) } : null;
  },
];

async function deletionRefusal(userId: string): Promise<DeletionRefused | null> {
  for (const rule of deletionRules) {
    const refusal = await rule(userId);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * What goes with an account besides the rows the database removes with it. The foreign keys do the rest: sessions,
 * linked sign-in accounts (GitHub), organization and team memberships and the invitations the user sent reference the
 * user ON DELETE CASCADE; repositories the user created reference them ON DELETE SET NULL and stay (shared product
 * data); the audit trail copies names instead of referencing them and keeps its entries. Here: the codes pending for
 * the user or their address (ours and better-auth's). Something the user alone owns is one more statement in this
 * list; it runs in the same batch as the user row's deletion. (An organization the user alone owns is not deleted
 * with them: the deletion is refused, `deletionRules`.)
 */
function ownedDataDeletions(me: Me) {
  return [
    db.delete(signInCode).where(or(eq(signInCode.email, me.email), inArray(signInCode.id, oneTimeCodeIds(me.id)))),
    db.delete(verification).where(eq(verification.identifier, `sign-in-otp-${me.email}`)),
  ] as const;
}

/**
 * Removes the account and everything it owns alone, in one batch: libSQL runs a batch as one transaction, on one
 * connection, with no other statement between its own (`db.transaction` would hold the client's single connection
 * across awaits, and make every other request fail meanwhile). Either all of it goes, or nothing does: the database
 * refuses the whole batch when it would take an organization's last owner (drizzle/0012_last-owner.sql), when another
 * owner left after `deletionRules` ran. True when removed, false when there was no such account.
 */
async function removeAccount(me: Me): Promise<true | false | DeletionRefused> {
  try {
    const [removed] = await db.batch([
      db.delete(user).where(eq(user.id, me.id)).returning({ id: user.id, image: user.image }),
      ...ownedDataDeletions(me),
    ]);
    // The photo goes with the account (ADR 051).
    await removePictureAt(removed[0]?.image);
    return removed.length > 0;
  } catch (error) {
    if (!isLastOwnerRefusal(error)) throw error;
    const owned = await soleOwnedOrganizations(me.id);
    return { ok: false, reason: "sole-owner", organizations: owned.map((row) => row.name) };
  }
}

/** Sends the code that confirms a deletion to the account's address, unless a rule refuses the deletion. */
export async function requestAccountDeletion(
  me: Me,
  caller: Caller,
): Promise<{ ok: true; lastCode: boolean } | DeletionRefused | RateLimited> {
  const refusal = await deletionRefusal(me.id);
  if (refusal) return refusal;
  const limited = await consumeAll(codeBudgets("delete-account", me.id, me.email));
  if (!limited.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  await sendAccountCode(deleteAccountCodeJob, "delete-account", me.id, me.email, caller);
  return { ok: true, lastCode: limited.remaining === 0 };
}

/**
 * Deletes the account with the code sent to its address. Returns the cookies that sign this browser out (its session
 * went with the account). A code already spent, or an account gone meanwhile, is an invalid code.
 */
export async function deleteAccount(
  me: Me,
  code: string,
  caller: Caller & { headers: Headers },
): Promise<{ ok: true; setCookies: string[] } | DeletionRefused | CodeRefusal> {
  // With the other changes that can take an admin's rights away, one at a time: two admins deleting their accounts
  // at the same moment cannot both pass the last-admin rule.
  const outcome = await withAdminRightsLock(async () => {
    const refusal = await deletionRefusal(me.id);
    if (refusal) return refusal;
    const checked = await checkOneTimeCode("delete-account", me.id, me.email, code);
    if (checked !== "right") return { ok: false, reason: checked } as const;
    const removed = await removeAccount(me);
    if (removed !== true) return removed || ({ ok: false, reason: "invalid" } as const);
    // An admin's impersonations end with their account (ADR 017).
    await endImpersonationsBy(me.id);
    return { ok: true } as const;
  });
  if (!outcome.ok) return outcome;
  await recordAudit(caller.actor, { action: "account.deleted", target: { type: "user", id: me.id, label: me.email } });
  // The deletion is the event: the sign-out that clears the browser's cookies is not recorded on its own.
  return { ok: true, setCookies: await signOut(caller.headers, { ...caller.actor, user: null }) };
}

// ——— A copy of the user's data ———

type AccountAuditEntry = {
  at: string;
  action: string;
  outcome: string;
  reason: string | null;
  actor: { id: string | null; label: string | null; impersonated: boolean };
  target: { type: string; id: string | null; label: string | null } | null;
  ip: string | null;
  details: Record<string, unknown> | null;
};

export type AccountExport = {
  exportedAt: string;
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    image: string | null;
    role: string;
    createdAt: string;
    updatedAt: string;
    onboardedAt: string | null;
  };
  /** The profile photo stored here (ADR 051), as its bytes; null without one (or with another site's picture). */
  photo: { contentType: string; base64: string } | null;
  /** How the user signs in besides an e-mail code (GitHub): the provider and since when, never a token. */
  signInMethods: Array<{ provider: string; linkedAt: string }>;
  sessions: SessionView[];
  /** The passkeys: names and dates, never the key or its id at the authenticator (ADR 052). */
  passkeys: PasskeyView[];
  /** Whether an authenticator app is on, since when, and how many recovery codes are left; never the secret. */
  secondFactor: { enabledAt: string | null; recoveryCodesLeft: number };
  /** Every audit entry the user is the actor or the target of, newest first. */
  auditEntries: AccountAuditEntry[];
};

/**
 * How the export names someone else who acted on the user, in the user's language: by their part, never by e-mail
 * or id (ADR 015, "A copy of the user's data").
 */
export type OtherActorLabels = { administrator: string; organizationAdministrator: string };

/** Who acted in an entry, and from where, as the user may see it: an address only for what they did themselves. */
function seenByOwner(entry: typeof auditEvent.$inferSelect, userId: string, labels: OtherActorLabels) {
  const impersonated = Boolean(entry.impersonatorId);
  if (entry.actorId === userId && !impersonated)
    return { actor: { id: entry.actorId, label: entry.actorLabel, impersonated }, ip: entry.ip };
  // A refused sign-in has no actor: whoever typed the address may not be the user.
  if (entry.actorId === null) return { actor: { id: null, label: null, impersonated }, ip: null };
  // Another person acting on the user is an organization's admin (memberships, teams) or a site admin (the rest,
  // and everything done while impersonating the user).
  const inOrganization = !impersonated && (entry.action.startsWith("member.") || entry.action.startsWith("team."));
  const label = inOrganization ? labels.organizationAdministrator : labels.administrator;
  return { actor: { id: null, label, impersonated }, ip: null };
}

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (!details) return null;
  try {
    return JSON.parse(details) as Record<string, unknown>;
  } catch {
    return { raw: details };
  }
}

async function photoOf(image: string | null): Promise<AccountExport["photo"]> {
  const name = pictureNameOf(image);
  const bytes = name ? await readPicture(name) : null;
  return bytes ? { contentType: PICTURE_CONTENT_TYPE, base64: Buffer.from(bytes).toString("base64") } : null;
}

/**
 * The user's profile, sessions (never a token) and audit entries, as one JSON-ready value; null for no such user.
 * Other people's addresses, e-mails and browsers stay out of it (`seenByOwner`, `listSessions`).
 */
export async function exportAccountData(
  userId: string,
  currentSessionId: string | null | undefined,
  labels: OtherActorLabels,
  now = new Date(),
): Promise<AccountExport | null> {
  const [profile] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!profile) return null;
  const linked = await db
    .select({ provider: account.providerId, linkedAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(account.createdAt);
  const entries = await db
    .select()
    .from(auditEvent)
    .where(or(eq(auditEvent.actorId, userId), eq(auditEvent.targetId, userId)))
    .orderBy(desc(auditEvent.id));
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      image: profile.image,
      role: profile.role ?? "user",
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
      onboardedAt: profile.onboardedAt?.toISOString() ?? null,
    },
    photo: await photoOf(profile.image),
    signInMethods: linked.map((row) => ({ provider: row.provider, linkedAt: row.linkedAt.toISOString() })),
    sessions: await listSessions(userId, currentSessionId),
    passkeys: await listPasskeys(userId),
    secondFactor: await secondFactorFacts(userId),
    auditEntries: entries.map((entry) => ({
      at: entry.at.toISOString(),
      action: entry.action,
      outcome: entry.outcome,
      reason: entry.reason,
      ...seenByOwner(entry, userId, labels),
      target: entry.targetType ? { type: entry.targetType, id: entry.targetId, label: entry.targetLabel } : null,
      details: parseDetails(entry.details),
    })),
  };
}
