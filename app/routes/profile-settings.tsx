import { useRef, useState } from "react";
import { data, redirect, useFetcher, useSearchParams } from "react-router";
import { deleteAccountInput, messages, passwordChangeInput, profileInput } from "#contracts/account-forms";
import { PAGE_SIZE_DEFAULT } from "#contracts/catalog";
import { Banner } from "~/features/account/fields";
import { type FormResult, readForm, redirectWithCookies, runForm } from "~/features/account/form.server";
import { LikedImages } from "~/features/account/liked-images";
import { AccountActions, PasswordForm, ProfileForm, type FormFetcher } from "~/features/account/profile-forms";
import { loginPath } from "~/lib/viewer";
import type { Route } from "./+types/profile-settings";

export function meta() {
  return [{ title: "Profile Settings · Stockroom" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await context.viewer();
  if (!viewer) throw redirect(loginPath("/profile-settings"));
  const { accounts, likes } = context.services;
  const [hasPassword, liked] = await Promise.all([accounts.hasPassword(viewer), likes.likedImages(viewer, { limit: PAGE_SIZE_DEFAULT })]);
  return { viewer, hasPassword, liked, minLength: context.settings.passwordMinLength };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { accounts } = context.services;
  const headers = request.headers;
  switch (form.get("intent")) {
    case "profile":
      return runForm(
        form,
        profileInput,
        async (input): Promise<FormResult> => {
          await accounts.updateProfile(input, headers);
          return { ok: true, message: messages.profileUpdated };
        },
        "Failed to update profile",
      );
    case "password":
      return runForm(
        form,
        passwordChangeInput(context.settings.passwordMinLength),
        async (input) => data<FormResult>({ ok: true, message: messages.passwordUpdated }, { headers: await accounts.changePassword(input, headers) }),
        "Failed to update password",
      );
    case "signout":
      try {
        return redirectWithCookies("/", await accounts.signOut(headers));
      } catch (error) {
        // As the spec has it: a failed sign-out is logged, with no message.
        console.error("Sign-out failed", error);
        return null;
      }
    case "delete":
      return runForm(form, deleteAccountInput, async (input) => redirectWithCookies("/", await accounts.deleteAccount(input, headers)), "Failed to delete account");
    default:
      return data<FormResult>({ ok: false, error: "Unknown action" }, { status: 400 });
  }
}

type Tab = "profile" | "liked";

/** /profile-settings: the profile, password and account forms, and the liked images. */
export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const { viewer, hasPassword, liked, minLength } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get("tab") === "liked" ? "liked" : "profile";
  const profile: FormFetcher = useFetcher({ key: "account-profile" });
  const password: FormFetcher = useFetcher({ key: "account-password" });
  const logout: FormFetcher = useFetcher({ key: "account-logout" });
  const deletion: FormFetcher = useFetcher({ key: "account-delete" });
  // The banner shows how the form sent last fared, once it has (a new attempt clears it).
  const forms = { profile, password };
  const [last, setLast] = useState<keyof typeof forms | null>(null);
  const sending = (["profile", "password"] as const).find((name) => forms[name].state !== "idle");
  if (sending && sending !== last) setLast(sending);
  const result = last && forms[last].state === "idle" ? forms[last].data : null;

  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ profile: null, liked: null });
  const select = (next: Tab, focus = false) => {
    setSearchParams(next === "liked" ? { tab: "liked" } : {}, { replace: true, preventScrollReset: true });
    if (focus) tabs.current[next]?.focus();
  };
  const count = liked.total ?? liked.items.length;

  return (
    <main className="page max-w-5xl py-8 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Profile Settings</h1>
      <p className="mt-1 text-neutral-600 dark:text-neutral-400">Signed in as {viewer.email}</p>

      <div className="mt-6 empty:hidden" aria-live="polite">
        {result && (result.ok ? <Banner kind="success">{result.message}</Banner> : <Banner kind="error">{result.error}</Banner>)}
      </div>

      <div role="tablist" aria-label="Profile sections" className="mt-6 flex gap-1 border-b border-neutral-200 dark:border-neutral-800">
        {(["profile", "liked"] as const).map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-controls={`panel-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight" || event.key === "ArrowLeft" || event.key === "Home" || event.key === "End") {
                event.preventDefault();
                const next: Tab = event.key === "Home" ? "profile" : event.key === "End" ? "liked" : name === "profile" ? "liked" : "profile";
                select(next, true);
              }
            }}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium transition-colors ${
              tab === name
                ? "border-neutral-900 text-neutral-950 dark:border-white dark:text-white"
                : "border-transparent text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white"
            }`}
          >
            {name === "profile" ? "Profile Settings" : `Liked Images (${count})`}
          </button>
        ))}
      </div>

      <div role="tabpanel" id="panel-profile" aria-labelledby="tab-profile" hidden={tab !== "profile"} className="mt-6 flex flex-col gap-6">
        <ProfileForm viewer={viewer} fetcher={profile} />
        <PasswordForm fetcher={password} hasPassword={hasPassword} minLength={minLength} />
        <AccountActions viewer={viewer} hasPassword={hasPassword} logout={logout} deletion={deletion} />
      </div>
      <div role="tabpanel" id="panel-liked" aria-labelledby="tab-liked" hidden={tab !== "liked"} className="mt-6">
        {tab === "liked" && <LikedImages first={liked} />}
      </div>
    </main>
  );
}
