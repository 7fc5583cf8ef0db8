// The sign-in page's form, shared by the page (conform) and its action (parseWithZod). The fields every form of an
// address, a code or a name uses are in app/lib/schemas/sign-in.ts (the account page and the invitations use them too).
import { z } from "zod";

import { emailField } from "~/lib/schemas/sign-in";

export const loginSchema = z.object({ email: emailField });
