import { NavLink } from "react-router";

/** The admin area's sections, in the order of its tabs. */
const sections = [
  { to: "/admin/moderation", label: "Moderation" },
  { to: "/admin/images", label: "Images" },
  { to: "/admin/accounts", label: "Accounts" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/search", label: "Search" },
  { to: "/admin/activity", label: "Activity" },
] as const;

/** The admin area's tabs: links, so that each section has its own URL and works without script. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="-mx-1 mt-6 overflow-x-auto border-b border-neutral-200 dark:border-neutral-800">
      <ul className="flex gap-1 px-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
                            className={({ isActive }) =>
                `-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium ${
                  isActive
                    ? "border-neutral-950 text-neutral-950 dark:border-white dark:text-white"
                    : "border-transparent text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white"
                }`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
