import { data } from "react-router";

// Any unknown URL outside /login, /app and /manager: the generic 404 of the root error boundary, with a real status.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
