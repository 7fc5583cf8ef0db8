import { Outlet } from "react-router";

import { AuthShell } from "./components/auth-shell";

// The sign-in pages work as plain HTML and ship no JavaScript: the framework alone is over the login page's
// 110 kB budget (ADR 007).
export const handle = { hydrate: false };

export default function LoginLayout() {
  return (
    <AuthShell home="/login">
      <Outlet />
    </AuthShell>
  );
}
