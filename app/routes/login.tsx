import { Form, Link, useActionData } from "react-router";
import { messages, signInInput } from "#contracts/account-forms";
import { Banner, TextField } from "~/components/fields";
import { AccountPasswordField, AuthLayout, Divider, GoogleButton, authHandle, linkClass, useAuthForm } from "~/features/account/auth-layout";
import { readForm, redirectTarget, redirectWithCookies, runForm, signedOutOnly, startGoogle } from "~/lib/form.server";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import { ArrowLeftIcon } from "~/lib/action-icons";
import type { Route } from "./+types/login";

export const handle = authHandle;

export function meta({ data, location }: Route.MetaArgs) {
  return [{ title: metaT(location.pathname, data)("login.metaTitle") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await signedOutOnly(request, context)), ...pageMessages(request, "account") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "google") return startGoogle(context, request, form, "/login", "Failed to sign in with Google");
  return runForm(
    context,
    form,
    signInInput,
    async (input) => redirectWithCookies(redirectTarget(request, form), await context.services.accounts.signIn(input, request.headers)),
    messages.signInFailed,
  );
}

/** /login: 'Welcome Back'. */
export default function Login({ loaderData }: Route.ComponentProps) {
  const { redirectTo, googleFailed } = loaderData;
  const t = useT();
  const to = useLocalizedPath();
  const { busy, error } = useAuthForm(useActionData<typeof action>(), googleFailed ? t("login.googleFailed") : null);
  const withRedirect = (path: string) => (redirectTo === to("/") ? to(path) : `${to(path)}?redirectTo=${encodeURIComponent(redirectTo)}`);

  return (
    <AuthLayout
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <>
          <p>
            {t("login.noAccount")}{" "}
            <Link to={withRedirect("/signup")} className={linkClass}>
              {t("login.signUp")}
            </Link>
          </p>
          <p className="mt-4">
            <Link to={to("/")} className="inline-flex items-center gap-1.5 hover:text-neutral-950 dark:hover:text-white">
              <ArrowLeftIcon size={16} className="rtl:-scale-x-100" />
              {t("login.back")}
            </Link>
          </p>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <Banner kind="error">{error}</Banner>}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField label={t("auth.email")} name="email" type="email" autoComplete="email" inputMode="email" placeholder={t("auth.emailPlaceholder")} />
          <AccountPasswordField name="password" autoComplete="current-password" placeholder={t("login.passwordPlaceholder")} />
          <div className="-mt-1 text-end text-sm">
            <Link to={to("/forgot-password")} className={linkClass}>
              {t("login.forgot")}
            </Link>
          </div>
          <button type="submit" name="intent" value="email" className="button-primary h-11 w-full" disabled={busy !== null}>
            {busy === "email" ? t("login.submitting") : t("login.submit")}
          </button>
        </Form>
      </div>
      <Divider />
      <GoogleButton busy={busy === "google"} busyLabel={t("login.googleBusy")} disabled={busy !== null} redirectTo={redirectTo} />
    </AuthLayout>
  );
}
