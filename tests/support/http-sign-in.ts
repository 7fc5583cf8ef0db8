// Signs in over HTTP as a browser without JavaScript does: the login form, the code from the SMTP sink, the code
// form, carrying the cookies between them (the pending sign-in cookie binds the code to this "browser").
import type { SmtpSink } from "./smtp-sink";

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

/** Returns the Cookie header of the signed-in "browser". */
export async function signInOverHttp(
  url: string,
  mail: SmtpSink,
  email: string,
  { client = "198.18.0.1" } = {},
): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of cookiesOf(response)) jar.set(cookie.split("=")[0]!, cookie);
  };
  const header = () => [...jar.values()].join("; ");
  const post = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: url,
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: header(),
        "X-Forwarded-For": client,
      },
      body: new URLSearchParams(form),
    });
    await response.arrayBuffer();
    keep(response);
    return response;
  };
  const since = Date.now();
  const sent = await post("/login?index", { intent: "email", email });
  if (sent.status !== 302) throw new Error(`sending a code to ${email} answered ${sent.status}`);
  const code = await mail.waitForCode(email, { since });
  const verified = await post("/login/verify", { intent: "verify", email, code });
  if (verified.status !== 302 || !header().includes("session_token"))
    throw new Error(`signing in as ${email} answered ${verified.status}`);
  return header();
}
