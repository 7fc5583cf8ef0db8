import { redirect } from "react-router";

// "/" redirects immediately to /login (which sends a signed-in person on to their area).
export function loader() {
  return redirect("/login");
}
