import { lazy, Suspense, useCallback, useId, useRef } from "react";
import type { Viewer } from "#contracts/account";
import { Avatar } from "~/components/avatar";
import { useT } from "~/i18n/i18n";
import { useOpenUntilNavigation } from "~/lib/use-open-until-navigation";

const loadMenu = () => import("./account-menu");
const AccountMenu = lazy(loadMenu);

/** The header's round button with the viewer's initial, and the account menu it opens, whose code loads once the button is pointed at or focused. */
export function AccountButton({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useOpenUntilNavigation();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  const t = useT();

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={t("account.button")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={viewer.name} url={null} size={30} />
      </button>
      {open && (
        <Suspense>
          <AccountMenu id={menuId} viewer={viewer} root={root} button={button} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
