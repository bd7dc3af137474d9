import { useRef } from "react";
import { Form, Link } from "react-router";
import type { Viewer } from "#contracts/account";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { type MenuProps, useMenuKeys } from "~/lib/menu-keys";
import { useOutsideClick } from "~/lib/use-outside-click";
import { accountLinksFor } from "./work-links";

/**
 * The open account menu (account-button.tsx): Profile, Studio and Admin by role, and Sign out.
 * Its own chunk, loaded when its button is pointed at or focused: only signed-in people open it.
 */
export default function AccountMenu({
  id,
  viewer,
  root,
  button,
  onClose,
}: MenuProps & { viewer: Viewer }) {
  const menu = useRef<HTMLDivElement>(null);
  useOutsideClick(root, true, onClose);
  const onKeyDown = useMenuKeys(menu, button, onClose);
  const t = useT();
  const to = useLocalizedPath();

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label={t("account.menu")}
      onKeyDown={onKeyDown}
      className="absolute end-0 top-full z-40 mt-2 w-60 overflow-hidden rounded-2xl border border-neutral-200 bg-white py-2 text-sm text-neutral-900 shadow-xl dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div role="none" className="break-words px-3.5 pb-2 pt-1">
        <p className="font-semibold">{viewer.name}</p>
        <p className="text-neutral-600 dark:text-neutral-400">{viewer.email}</p>
      </div>
      <div role="none" className="border-t border-neutral-200 pt-1 dark:border-neutral-800">
        {accountLinksFor(viewer).map((link) => (
          <Link key={link.to} to={to(link.to)} role="menuitem" className="menu-item py-2.5">
            {t(link.label)}
          </Link>
        ))}
      </div>
      {/* The profile page's sign-out action, as its Sign Out button sends it: it goes to the gallery afterwards. */}
      <Form method="post" action="/profile-settings" role="none" className="mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-800">
        <input type="hidden" name="intent" value="signout" />
        <button type="submit" role="menuitem" className="menu-item py-2.5">
          {t("account.signOut")}
        </button>
      </Form>
    </div>
  );
}
