// A "browser" for the sign-in feature's integration tests: its own client address, and the code attempt its pending
// sign-in cookie would hold, so each test's per-client limits never touch another's. The feature module is passed in:
// test files import it only after they have set their environment.
import type { sendSignInCode, verifySignInCode } from "../../app/.server/features/sign-in";

export type CodeBrowser = {
  headers: Headers;
  client: string;
  language: string;
  attemptId: string | null;
  trustedDevice: string | null;
};

let clients = 0;

export function codeBrowser(network: string, language = "en"): CodeBrowser {
  clients += 1;
  return { headers: new Headers(), client: `${network}.${clients}`, language, attemptId: null, trustedDevice: null };
}

/** Who acts in the audit trail: nobody signed in yet, from the browser's address. */
export const auditActorOfBrowser = (browser: CodeBrowser) => ({ user: null, impersonatorId: null, ip: browser.client });

export function codePages(signIn: {
  sendSignInCode: typeof sendSignInCode;
  verifySignInCode: typeof verifySignInCode;
}) {
  return {
    /** What the login page does: sends a code, and keeps the attempt in the browser's cookie. */
    async send(email: string, browser: CodeBrowser) {
      const result = await signIn.sendSignInCode(
        email,
        { ...browser, previousAttemptId: browser.attemptId },
        auditActorOfBrowser(browser),
      );
      if (result.ok) browser.attemptId = result.attemptId;
      return result;
    },
    /** What the code page does: checks the code against the attempt this browser holds. */
    verify(email: string, code: string, browser: CodeBrowser) {
      return signIn.verifySignInCode(
        { email, code, attemptId: browser.attemptId },
        browser,
        auditActorOfBrowser(browser),
      );
    },
  };
}
