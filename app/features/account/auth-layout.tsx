import type { ComponentProps, ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PasswordField } from "~/components/fields";
import { PageMain } from "~/components/page-main";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { Logo } from "~/lib/icons";
import type { FormResult } from "~/lib/form.server";
import { useFormMessage } from "./form-messages";
import { GoogleIcon } from "./icons";

/** The sign-in screens draw their own top bar (root.tsx reads this). */
export const authHandle = { header: false };

/** A sign-in screen: the logo, then a centred card with a heading, a line under it and the form. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer?: ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-1 flex-col bg-neutral-50 dark:bg-neutral-950">
      <div className="px-4 pt-6 sm:px-8">
        <Link to={useLocalizedPath()("/")} className="inline-flex items-center gap-2 rounded-lg text-[17px] font-semibold tracking-tight" aria-label={t("header.home")}>
          <Logo />
          <span translate="no">Stockroom</span>
        </Link>
      </div>
      <PageMain className="flex flex-1 items-start justify-center px-4 pb-16 pt-10 sm:items-center sm:pt-6">
        <div className="w-full max-w-[420px]">
          <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8 dark:border-neutral-800 dark:bg-neutral-900">
            <div className="mb-6 text-center">
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              <p className="mt-1.5 text-sm text-neutral-600 dark:text-neutral-400">{subtitle}</p>
            </div>
            {children}
          </div>
          {footer && <div className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">{footer}</div>}
        </div>
      </PageMain>
    </div>
  );
}

/** "or" between the email form and Google. */
export function Divider() {
  const t = useT();
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-neutral-500 dark:text-neutral-400" aria-hidden="true">
      <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
      {t("auth.or")}
      <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
    </div>
  );
}

/**
 * The state of a sign-in form: the intent being sent ('email' or 'google', while it is sent
 * and followed), and the error to show, which goes away as soon as a new attempt starts.
 */
export function useAuthForm(result: FormResult | undefined, googleError: string | null) {
  const navigation = useNavigation();
  const message = useFormMessage();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state !== "idle" && typeof intent === "string" ? intent : null;
  const error = navigation.state !== "idle" ? null : result && !result.ok ? message(result) : googleError;
  return { busy, error };
}

/** The 'Continue with Google' button: its own form, so it needs none of the fields. */
export function GoogleButton({ busy, busyLabel, disabled, redirectTo }: { busy: boolean; busyLabel: string; disabled: boolean; redirectTo: string }) {
  const t = useT();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="google" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="button-secondary h-11 w-full" disabled={disabled}>
        <GoogleIcon />
        {busy ? busyLabel : t("auth.google")}
      </button>
    </Form>
  );
}

export const linkClass = "font-medium text-neutral-900 underline-offset-4 hover:underline dark:text-white";

/** The sign-in screens' Password field, its label and its show/hide button in the page's language. */
export function AccountPasswordField(props: Omit<ComponentProps<typeof PasswordField>, "label" | "toggle">) {
  const t = useT();
  return <PasswordField label={t("auth.password")} toggle={{ show: t("auth.showPassword"), hide: t("auth.hidePassword") }} {...props} />;
}

/** A new password's field, or its confirmation's ('New Password', 'Confirm New Password'), in the page's language. */
export function NewPasswordField({ which, ...props }: { which: "new" | "confirm" } & Omit<ComponentProps<typeof PasswordField>, "label" | "toggle">) {
  const t = useT();
  const [label, show, hide] =
    which === "new" ? (["newPassword.label", "newPassword.show", "newPassword.hide"] as const) : (["newPassword.confirm", "newPassword.showConfirm", "newPassword.hideConfirm"] as const);
  return <PasswordField label={t(label)} toggle={{ show: t(show), hide: t(hide) }} autoComplete="new-password" {...props} />;
}
