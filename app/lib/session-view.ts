// One session as the account page and the manager's user detail show it. Built on the server
// (app/.server/features/sessions.ts); it never carries a token.

export type DeviceType = "desktop" | "mobile" | "tablet" | "tv" | "unknown";

export type SessionView = {
  id: string;
  device: DeviceType;
  /** "Firefox 128", "Safari 17"; empty when the user agent says nothing we can read. */
  browser: string;
  /** "Windows 10", "iOS 17.4"… */
  os: string;
  ip: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
  /** An admin's impersonation of this user. */
  impersonated: boolean;
};
