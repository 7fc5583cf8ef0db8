// The words for the audit trail's action names and refusal reasons. The keys are written out (not computed), so the
// dictionaries' checks see each one; an action this map does not know shows as recorded.
import { useTranslation } from "~/lib/translation";

/** One translation key per action of AUDIT_ACTIONS (app/features/audit/audit.server.ts; a test keeps the two in step). */
export const AUDIT_ACTION_LABELS = {
  "sign-in": "audit.actions.signIn",
  "sign-out": "audit.actions.signOut",
  "user.created": "audit.actions.userCreated",
  "user.updated": "audit.actions.userUpdated",
  "user.role-changed": "audit.actions.userRoleChanged",
  "user.banned": "audit.actions.userBanned",
  "user.unbanned": "audit.actions.userUnbanned",
  "user.deleted": "audit.actions.userDeleted",
  "user.email-changed": "audit.actions.userEmailChanged",
  "impersonation.started": "audit.actions.impersonationStarted",
  "impersonation.stopped": "audit.actions.impersonationStopped",
  "session.revoked": "audit.actions.sessionRevoked",
  "account.deleted": "audit.actions.accountDeleted",
  "passkey.added": "audit.actions.passkeyAdded",
  "passkey.renamed": "audit.actions.passkeyRenamed",
  "passkey.removed": "audit.actions.passkeyRemoved",
  "second-factor.enabled": "audit.actions.secondFactorEnabled",
  "second-factor.disabled": "audit.actions.secondFactorDisabled",
  "second-factor.reset": "audit.actions.secondFactorReset",
  "recovery-code.used": "audit.actions.recoveryCodeUsed",
  "step-up": "audit.actions.stepUp",
  "repository.created": "audit.actions.repositoryCreated",
  "repository.updated": "audit.actions.repositoryUpdated",
  "repository.deleted": "audit.actions.repositoryDeleted",
  "entry.created": "audit.actions.entryCreated",
  "entry.updated": "audit.actions.entryUpdated",
  "entry.deleted": "audit.actions.entryDeleted",
  "organization.created": "audit.actions.organizationCreated",
  "organization.updated": "audit.actions.organizationUpdated",
  "organization.deleted": "audit.actions.organizationDeleted",
  "member.added": "audit.actions.memberAdded",
  "member.role-changed": "audit.actions.memberRoleChanged",
  "member.removed": "audit.actions.memberRemoved",
  "member.left": "audit.actions.memberLeft",
  "invitation.sent": "audit.actions.invitationSent",
  "invitation.cancelled": "audit.actions.invitationCancelled",
  "invitation.accepted": "audit.actions.invitationAccepted",
  "invitation.declined": "audit.actions.invitationDeclined",
  "team.created": "audit.actions.teamCreated",
  "team.updated": "audit.actions.teamUpdated",
  "team.deleted": "audit.actions.teamDeleted",
  "team.member-added": "audit.actions.teamMemberAdded",
  "team.member-removed": "audit.actions.teamMemberRemoved",
  "job.retried": "audit.actions.jobRetried",
  "job.discarded": "audit.actions.jobDiscarded",
} as const;

/** One translation key per reason of AUDIT_REASONS (app/features/audit/audit.server.ts; a test keeps the two in step). */
export const AUDIT_REASON_LABELS = {
  "wrong-code": "audit.reasons.wrongCode",
  expired: "audit.reasons.expired",
  exhausted: "audit.reasons.exhausted",
  banned: "audit.reasons.banned",
  "rate-limited": "audit.reasons.rateLimited",
  "github-refused": "audit.reasons.githubRefused",
  self: "audit.reasons.self",
  "last-admin": "audit.reasons.lastAdmin",
  "sole-owner": "audit.reasons.soleOwner",
  "not-recipient": "audit.reasons.notRecipient",
  "auth-refused": "audit.reasons.authRefused",
} as const;

/** The words for the values of a detail that records one of a few names (a sign-in or step-up method, a role). */
const DETAIL_VALUE_LABELS = {
  method: {
    "email-code": "audit.methods.emailCode",
    github: "audit.methods.github",
    passkey: "audit.methods.passkey",
    "second-factor": "audit.methods.secondFactor",
    totp: "audit.methods.totp",
    recovery: "audit.methods.recovery",
    code: "audit.methods.code",
  },
  role: {
    owner: "organizations.roles.owner",
    admin: "organizations.roles.admin",
    member: "organizations.roles.member",
    user: "users.roleUser",
  },
} as const;
type DetailValueKey = {
  [
    Name in keyof typeof DETAIL_VALUE_LABELS
  ]: (typeof DETAIL_VALUE_LABELS)[Name][keyof (typeof DETAIL_VALUE_LABELS)[Name]];
}[keyof typeof DETAIL_VALUE_LABELS];

/** The translated name of an action, of a refusal's reason, and of a detail's value when it is one of a few names. */
export function useAuditLabels() {
  const { t } = useTranslation();
  return {
    action: (action: string) =>
      Object.hasOwn(AUDIT_ACTION_LABELS, action)
        ? t(AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS])
        : action,
    // A reason recorded before it had words of its own (a better-auth code) is named as such, in the page's language.
    reason: (reason: string) =>
      Object.hasOwn(AUDIT_REASON_LABELS, reason)
        ? t(AUDIT_REASON_LABELS[reason as keyof typeof AUDIT_REASON_LABELS])
        : t("audit.reasons.unlisted", { code: reason }),
    // Null when the value is not one of the names (an address, an id, free text): the caller shows it as recorded.
    detailValue: (name: string, value: string): string | null => {
      const labels: Record<string, DetailValueKey> = Object.hasOwn(DETAIL_VALUE_LABELS, name)
        ? DETAIL_VALUE_LABELS[name as keyof typeof DETAIL_VALUE_LABELS]
        : {};
      return Object.hasOwn(labels, value) ? t(labels[value]!) : null;
    },
  };
}
