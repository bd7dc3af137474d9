import { NavLink } from "react-router";
import { useLocalizedPath, useT } from "~/i18n/i18n";

/** The admin area's sections, in the order of its tabs. */
const sections = [
  { to: "/admin/moderation", label: "admin.moderation" },
  { to: "/admin/images", label: "admin.images" },
  { to: "/admin/accounts", label: "admin.accounts" },
  { to: "/admin/insights", label: "admin.insights" },
  { to: "/admin/search", label: "admin.search" },
  { to: "/admin/activity", label: "admin.activity" },
] as const;

/** The admin area's tabs: links, so that each section has its own URL and works without script. */
export function AdminNav() {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <nav aria-label={t("admin.nav")} className="-mx-1 mt-6 overflow-x-auto border-b border-neutral-200 dark:border-neutral-800">
      <ul className="flex gap-1 px-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={to(section.to)}
              className={({ isActive }) =>
                `-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium ${
                  isActive
                    ? "border-neutral-950 text-neutral-950 dark:border-white dark:text-white"
                    : "border-transparent text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white"
                }`
              }
            >
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
