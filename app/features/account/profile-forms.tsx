import { useEffect, useId, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { Viewer } from "#contracts/account";
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from "#contracts/locales";
import { Banner, PasswordField, SelectField, TextField } from "~/components/fields";
import { useT } from "~/i18n/i18n";
import type { FormResult } from "~/lib/form.server";
import { AccountPasswordField, NewPasswordField } from "./auth-layout";
import { useFormMessage } from "./form-messages";

/** The fetchers of the profile page: one per form, so each has its own busy flag. */
export type FormFetcher = ReturnType<typeof useFetcher<FormResult | null>>;

export function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6 dark:border-neutral-800 dark:bg-neutral-900" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function ProfileForm({ viewer, fetcher }: { viewer: Viewer; fetcher: FormFetcher }) {
  const t = useT();
  const busy = fetcher.state !== "idle";
  return (
    <Section title={t("profile.info.title")} description={t("profile.info.description")}>
      <fetcher.Form method="post" noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="profile" />
        <TextField label={t("profile.displayName")} name="name" defaultValue={viewer.name} autoComplete="name" />
        <TextField label={t("auth.email")} type="email" value={viewer.email} disabled readOnly hint={t("profile.emailHint")} />
        <SelectField
          label={t("profile.language")}
          name="locale"
          defaultValue={viewer.locale ?? DEFAULT_LOCALE}
          hint={t("profile.languageHint")}
          options={LOCALES.map((locale) => [locale, LOCALE_NAMES[locale]] as const)}
        />
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? t("profile.saving") : t("profile.save")}
          </button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

export function PasswordForm({ fetcher, hasPassword, minLength }: { fetcher: FormFetcher; hasPassword: boolean; minLength: number }) {
  const t = useT();
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const succeeded = fetcher.state === "idle" && fetcher.data?.ok === true;
  // A successful change clears the three fields.
  useEffect(() => {
    if (succeeded) form.current?.reset();
  }, [succeeded, fetcher.data]);

  if (!hasPassword) {
    return (
      <Section title={t("profile.password.title")} description={t("profile.password.google")}>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t("profile.password.googleManage")}</p>
      </Section>
    );
  }
  return (
    <Section title={t("profile.password.title")} description={t("profile.password.description")}>
      <fetcher.Form ref={form} method="post" noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <PasswordField label={t("profile.password.current")} toggle={{ show: t("profile.password.showCurrent"), hide: t("profile.password.hideCurrent") }} name="currentPassword" autoComplete="current-password" />
        <NewPasswordField which="new" name="newPassword" placeholder={t("signup.passwordPlaceholder", { min: minLength })} />
        <NewPasswordField which="confirm" name="confirmPassword" />
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? t("profile.password.submitting") : t("profile.password.submit")}
          </button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

export function AccountActions({
  viewer,
  hasPassword,
  logout,
  deletion,
}: {
  viewer: Viewer;
  hasPassword: boolean;
  logout: FormFetcher;
  deletion: FormFetcher;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const signingOut = logout.state !== "idle";
  return (
    <Section title={t("profile.actions.title")} description={t("profile.actions.description")}>
      <div className="flex flex-wrap gap-3">
        <logout.Form method="post">
          <input type="hidden" name="intent" value="signout" />
          <button type="submit" className="button-secondary" disabled={signingOut}>
            {signingOut ? t("profile.signingOut") : t("profile.signOut")}
          </button>
        </logout.Form>
        <button
          type="button"
          className="inline-flex h-10 items-center justify-center rounded-lg border border-red-300 px-4 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/50"
          onClick={() => dialog.current?.showModal()}
        >
          {t("profile.delete")}
        </button>
      </div>
      <DeleteAccountDialog ref={dialog} viewer={viewer} hasPassword={hasPassword} fetcher={deletion} />
    </Section>
  );
}

function DeleteAccountDialog({
  ref,
  viewer,
  hasPassword,
  fetcher,
}: {
  ref: React.RefObject<HTMLDialogElement | null>;
  viewer: Viewer;
  hasPassword: boolean;
  fetcher: FormFetcher;
}) {
  const t = useT();
  const message = useFormMessage();
  const busy = fetcher.state !== "idle";
  const error = !busy && fetcher.data && !fetcher.data.ok ? message(fetcher.data) : null;
  return (
    <dialog
      ref={ref}
      aria-labelledby="delete-account-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-black/50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <fetcher.Form method="post" noValidate className="flex flex-col gap-4 p-6">
        <input type="hidden" name="intent" value="delete" />
        <h2 id="delete-account-title" className="text-lg font-semibold tracking-tight">
          {t("profile.delete.title")}
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t("profile.delete.body")}</p>
        {error && <Banner kind="error">{error}</Banner>}
        {hasPassword ? (
          <AccountPasswordField name="password" autoComplete="current-password" required />
        ) : (
          <TextField label={t("profile.delete.typeEmail", { email: viewer.email })} name="confirmEmail" type="email" autoComplete="off" required />
        )}
        <div className="mt-2 flex justify-end gap-3">
          <button type="button" className="button-secondary" onClick={() => ref.current?.close()} disabled={busy}>
            {t("profile.cancel")}
          </button>
          <button type="submit" className="inline-flex h-10 items-center justify-center rounded-lg bg-red-600 px-4 text-sm font-medium text-white transition-colors hover:bg-red-700 disabled:opacity-60" disabled={busy}>
            {busy ? t("profile.deleting") : t("profile.delete")}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}
