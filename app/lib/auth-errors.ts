// Every authentication error code has a translated message; an unknown code reads
// "Something went wrong".
import en from "~/locales/en/translation";

export type AuthErrorCode = keyof typeof en.authErrors;

export function authErrorKey(code: string | undefined | null): `authErrors.${AuthErrorCode}` {
  return code && Object.hasOwn(en.authErrors, code)
    ? `authErrors.${code as AuthErrorCode}`
    : "authErrors.UNKNOWN_ERROR";
}
