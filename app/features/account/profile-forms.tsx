import { useEffect, useId, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { Viewer } from "#contracts/account";
import { Banner, PasswordField, TextField } from "~/components/fields";
import type { FormResult } from "~/lib/form.server";

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
  const busy = fetcher.state !== "idle";
  return (
    <Section title="Profile Information" description="How you appear on Stockroom.">
      <fetcher.Form method="post" noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="profile" />
        <TextField label="Display Name" name="name" defaultValue={viewer.name} autoComplete="name" />
        <TextField label="Email" type="email" value={viewer.email} disabled readOnly hint="Email address cannot be changed" />
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </fetcher.Form>
    </Section>
  );
}

export function PasswordForm({ fetcher, hasPassword, minLength }: { fetcher: FormFetcher; hasPassword: boolean; minLength: number }) {
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const succeeded = fetcher.state === "idle" && fetcher.data?.ok === true;
  // A successful change clears the three fields.
  useEffect(() => {
    if (succeeded) form.current?.reset();
  }, [succeeded, fetcher.data]);

  if (!hasPassword) {
    return (
      <Section title="Change Password" description="Your account signs in with Google, so it has no password to change here.">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Manage your password in your Google account.</p>
      </Section>
    );
  }
  return (
    <Section title="Change Password" description="Other devices signed in to your account are signed out when you change it.">
      <fetcher.Form ref={form} method="post" noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="password" />
        <PasswordField label="Current Password" name="currentPassword" autoComplete="current-password" />
        <PasswordField label="New Password" name="newPassword" autoComplete="new-password" placeholder={`At least ${minLength} characters`} />
        <PasswordField label="Confirm New Password" name="confirmPassword" autoComplete="new-password" />
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? "Updating..." : "Update Password"}
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
  const dialog = useRef<HTMLDialogElement>(null);
  const signingOut = logout.state !== "idle";
  return (
    <Section title="Account Actions" description="Sign out of this device, or delete your account for good.">
      <div className="flex flex-wrap gap-3">
        <logout.Form method="post">
          <input type="hidden" name="intent" value="signout" />
          <button type="submit" className="button-secondary" disabled={signingOut}>
            {signingOut ? "Signing Out..." : "Sign Out"}
          </button>
        </logout.Form>
        <button
          type="button"
          className="inline-flex h-10 items-center justify-center rounded-lg border border-red-300 px-4 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/50"
          onClick={() => dialog.current?.showModal()}
        >
          Delete Account
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
  const busy = fetcher.state !== "idle";
  const error = !busy && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <dialog
      ref={ref}
      aria-labelledby="delete-account-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-black/50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <fetcher.Form method="post" noValidate className="flex flex-col gap-4 p-6">
        <input type="hidden" name="intent" value="delete" />
        <h2 id="delete-account-title" className="text-lg font-semibold tracking-tight">
          Delete your account?
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          This deletes your account and your likes at once and for good; the images you liked lose your like. It cannot be undone.
        </p>
        {error && <Banner kind="error">{error}</Banner>}
        {hasPassword ? (
          <PasswordField label="Password" name="password" autoComplete="current-password" required />
        ) : (
          <TextField label={`Type your email address (${viewer.email}) to confirm`} name="confirmEmail" type="email" autoComplete="off" required />
        )}
        <div className="mt-2 flex justify-end gap-3">
          <button type="button" className="button-secondary" onClick={() => ref.current?.close()} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="inline-flex h-10 items-center justify-center rounded-lg bg-red-600 px-4 text-sm font-medium text-white transition-colors hover:bg-red-700 disabled:opacity-60" disabled={busy}>
            {busy ? "Deleting..." : "Delete Account"}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}
