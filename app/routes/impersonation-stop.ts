// Placeholder while issue 8 is built: filled by its own commit.
import { data } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}
