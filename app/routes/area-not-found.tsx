// The not-found page inside an area (/login, /app, /manager): the area's layout around it, a real 404 status.
import { data } from "react-router";

import { NotFoundContent } from "~/components/not-found-content";

export function loader() {
  return data(null, { status: 404 });
}

export default NotFoundContent;
