// A real session for integration tests, made the way the code page makes one (better-auth's one-time code, created
// and spent server-side), without the e-mail round trip. Import it only after the test file has set its environment.
import { auth } from "../../app/.server/platform/auth/auth";

export async function signedInAs(email: string): Promise<{ userId: string; cookie: string }> {
  const otp = await auth.api.createVerificationOTP({ body: { email, type: "sign-in" } });
  const { headers, response } = await auth.api.signInEmailOTP({
    body: { email, otp },
    headers: new Headers(),
    returnHeaders: true,
  });
  return {
    userId: response.user.id,
    cookie: headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
  };
}
