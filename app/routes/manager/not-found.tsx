import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";

export function loader() {
  return data(null, { status: 404 });
}

export default NotFoundContent;
