import { data } from "react-router";
import { NotFound } from "~/features/layout/not-found";
import type { Route } from "./+types/not-found";

/** Any path no other route takes: 404, and the attempted path in the server's log (at info level: a mistyped link is no fault of the server). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.log.info(`404 Error: User attempted to access non-existent route: ${pathname}`);
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
