import { data, Outlet, redirect } from "react-router";
import { hasRole, loginPath } from "#contracts/account";
import { PageMain } from "~/components/page-main";
import { AdminNav } from "~/features/admin/admin-nav";
import { pageMessages } from "~/i18n/catalogs.server";
import { useT } from "~/i18n/i18n";
import type { Route } from "./+types/layout";

/**
 * /admin/*: the operators' area. Signed-out visitors sign in first; signed-in people who
 * are not admins get the site's 404, as for anything else that is not theirs to see. Each
 * section's service checks the role again: this check only decides what to render. It sends
 * the admin screens' messages, for every section.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.viewer();
  const url = new URL(request.url);
  if (!viewer) throw redirect(loginPath(url.pathname + url.search));
  if (!hasRole(viewer, "admin")) throw data(null, { status: 404 });
  return pageMessages(request, "admin");
}

export const meta = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout() {
  const t = useT();
  return (
    <PageMain className="page max-w-6xl py-8 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">{t("admin.title")}</h1>
      <AdminNav />
      <div className="mt-8">
        <Outlet />
      </div>
    </PageMain>
  );
}
