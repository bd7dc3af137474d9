import { useRef, useState } from "react";
import { data, redirect, useFetcher, useSearchParams } from "react-router";
import { hasRole, loginPath } from "#contracts/account";
import { deleteAccountInput, messages, passwordChangeInput, profileInput } from "#contracts/account-forms";
import { PAGE_SIZE_DEFAULT } from "#contracts/catalog-constants";
import { localizedPath } from "#contracts/locales";
import { receiptsQuery } from "#contracts/receipts";
import { Banner } from "~/components/fields";
import { PageMain } from "~/components/page-main";
import { AvatarForm } from "~/features/account/avatar-form";
import { AccountActions, PasswordForm, ProfileForm, type FormFetcher } from "~/features/account/profile-forms";
import { CollectionsTab } from "~/features/collections/collections-tab";
import { LikedImages, useLikedList } from "~/features/gallery/liked-images";
import { DownloadReceipts } from "~/features/receipts/download-receipts";
import { useFormMessage } from "~/features/account/form-messages";
import { pageMessages, requestLocale } from "~/i18n/catalogs.server";
import { metaT, useT } from "~/i18n/i18n";
import { knownTexts } from "~/lib/formats";
import { type FormResult, readForm, redirectWithCookies, runForm, succeeded } from "~/lib/form.server";
import type { Route } from "./+types/profile-settings";

export function meta({ data, location }: Route.MetaArgs) {
  return [{ title: metaT(location.pathname, data)("profile.metaTitle") }, { name: "robots", content: "noindex" }];
}

/** Receipts shown per page of the Downloads tab. */
const RECEIPTS_PER_PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.viewer();
  const url = new URL(request.url);
  if (!viewer) throw redirect(loginPath(url.pathname + url.search));
  const { accounts, likes, receipts, collections, avatars } = context.services;
  // `downloads` is the cursor of the Downloads tab's page; one this server did not give out shows the newest.
  const before = receiptsQuery.safeParse({ cursor: url.searchParams.get("downloads") ?? undefined, limit: RECEIPTS_PER_PAGE });
  const [hasPassword, liked, downloads, mine, avatarUrl] = await Promise.all([
    accounts.hasPassword(viewer),
    likes.likedImages(viewer, { limit: PAGE_SIZE_DEFAULT }),
    receipts.list(viewer, before.success ? before.data : { limit: RECEIPTS_PER_PAGE }),
    collections.list(viewer),
    // Creators and admins have a creator page, and its picture.
    hasRole(viewer, "creator") ? avatars.current(viewer) : undefined,
  ]);
  return {
    viewer,
    hasPassword,
    liked,
    downloads,
    collections: mine.items,
    avatarUrl,
    olderPages: before.success && before.data.cursor !== undefined,
    // Sent here signed in by a password reset (reset-password.tsx).
    passwordReset: url.searchParams.has("reset"),
    minLength: context.settings.passwordMinLength,
    // The Downloads tab's days, in the page's language.
    downloadDays: knownTexts(requestLocale(request), { dates: downloads.items.map((receipt) => receipt.downloadedAt) }).dates,
    // The Liked tab opens images in the gallery's overlay; the forms' answers are the account area's; the Downloads tab's are the receipts'.
    ...pageMessages(request, "profile", "account", "gallery", "receipts"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { accounts } = context.services;
  const headers = request.headers;
  // Signing out or deleting the account leads to the gallery in the page's language.
  const home = localizedPath(requestLocale(request), "/");
  switch (form.get("intent")) {
    case "profile":
      return runForm(
        context,
        form,
        profileInput,
        async (input): Promise<FormResult> => {
          await accounts.updateProfile(input, headers);
          return succeeded("profileUpdated");
        },
        messages.profileUpdateFailed,
      );
    case "password":
      return runForm(
        context,
        form,
        passwordChangeInput(context.settings.passwordMinLength),
        async (input) => data<FormResult>(succeeded("passwordUpdated"), { headers: await accounts.changePassword(input, headers) }),
        messages.passwordUpdateFailed,
      );
    case "signout":
      try {
        return redirectWithCookies(home, await accounts.signOut(headers));
      } catch (error) {
        // As the spec has it: a failed sign-out is logged, with no message.
        context.log.error("Sign-out failed", error);
        return null;
      }
    case "delete":
      return runForm(context, form, deleteAccountInput, async (input) => redirectWithCookies(home, await accounts.deleteAccount(input, headers)), messages.deleteFailed);
    default:
      return data<FormResult>({ ok: false, error: "Unknown action" }, { status: 400 });
  }
}

const tabNames = ["profile", "liked", "collections", "downloads"] as const;
type Tab = (typeof tabNames)[number];
const tabOf = (value: string | null): Tab => tabNames.find((name) => name === value) ?? "profile";
/** The tab each arrow key (and Home, End) moves to from the tab at `index`. */
const keyTargets: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % tabNames.length,
  ArrowLeft: (index) => (index + tabNames.length - 1) % tabNames.length,
  Home: () => 0,
  End: () => tabNames.length - 1,
};

/** /profile-settings: the profile, password and account forms, the liked images, the collections, and the downloads' receipts. */
export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const { viewer, hasPassword, liked, downloads, downloadDays, collections, avatarUrl, olderPages, passwordReset, minLength } = loaderData;
  const t = useT();
  const message = useFormMessage();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get("tab"));
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

  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ profile: null, liked: null, collections: null, downloads: null });
  const select = (next: Tab, focus = false) => {
    setSearchParams(next === "profile" ? {} : { tab: next }, { replace: true, preventScrollReset: true });
    if (focus) tabs.current[next]?.focus();
  };
  const likedList = useLikedList(liked);
  const count = likedList.count;
  const labels: Record<Tab, string> = {
    profile: t("profile.tab.profile"),
    liked: t("profile.tab.liked", { count }),
    collections: t("profile.tab.collections", { count: collections.length }),
    downloads: t("profile.tab.downloads"),
  };

  return (
    <PageMain className="page max-w-5xl py-8 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">{t("profile.title")}</h1>
      <p className="mt-1 text-neutral-600 dark:text-neutral-400">{t("profile.signedInAs", { email: viewer.email })}</p>

      <div className="mt-6 empty:hidden" aria-live="polite">
        {result && <Banner kind={result.ok ? "success" : "error"}>{message(result)}</Banner>}
        {passwordReset && !result && <Banner kind="success">{t("form.passwordReset")}</Banner>}
      </div>

      <div role="tablist" aria-label={t("profile.sections")} className="mt-6 flex gap-1 overflow-x-auto border-b border-neutral-200 dark:border-neutral-800">
        {tabNames.map((name, index) => (
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
              const target = keyTargets[event.key];
              if (target) {
                event.preventDefault();
                select(tabNames[target(index)]!, true);
              }
            }}
            className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium transition-colors ${
              tab === name
                ? "border-neutral-900 text-neutral-950 dark:border-white dark:text-white"
                : "border-transparent text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white"
            }`}
          >
            {labels[name]}
          </button>
        ))}
      </div>

      <div role="tabpanel" id="panel-profile" aria-labelledby="tab-profile" hidden={tab !== "profile"} className="mt-6 flex flex-col gap-6">
        <ProfileForm viewer={viewer} fetcher={profile} />
        {avatarUrl !== undefined && <AvatarForm name={viewer.name} url={avatarUrl} />}
        <PasswordForm fetcher={password} hasPassword={hasPassword} minLength={minLength} />
        <AccountActions viewer={viewer} hasPassword={hasPassword} logout={logout} deletion={deletion} />
      </div>
      <div role="tabpanel" id="panel-liked" aria-labelledby="tab-liked" hidden={tab !== "liked"} className="mt-6">
        {tab === "liked" && <LikedImages likedList={likedList} />}
      </div>
      <div role="tabpanel" id="panel-collections" aria-labelledby="tab-collections" hidden={tab !== "collections"} className="mt-6">
        {tab === "collections" && <CollectionsTab collections={collections} />}
      </div>
      <div role="tabpanel" id="panel-downloads" aria-labelledby="tab-downloads" hidden={tab !== "downloads"} className="mt-6">
        {tab === "downloads" && (
          <DownloadReceipts
            page={downloads}
            dates={downloadDays}
            olderHref={downloads.nextCursor ? `?tab=downloads&downloads=${downloads.nextCursor}` : null}
            newestHref={olderPages ? "?tab=downloads" : null}
          />
        )}
      </div>
    </PageMain>
  );
}
