import { Form, Link, useActionData } from "react-router";
import { messages, signUpInput } from "#contracts/account-forms";
import { Banner, PasswordField, TextField } from "~/components/fields";
import { AccountPasswordField, AuthLayout, Divider, GoogleButton, authHandle, linkClass, useAuthForm } from "~/features/account/auth-layout";
import { readForm, redirectTarget, redirectWithCookies, runForm, signedOutOnly, startGoogle } from "~/lib/form.server";
import { offeredLocale, pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import type { Route } from "./+types/signup";

export const handle = authHandle;

export function meta({ data, location }: Route.MetaArgs) {
  const t = metaT(location.pathname, data);
  return [{ title: t("signup.metaTitle") }, { name: "description", content: t("signup.metaDescription") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await signedOutOnly(request, context)), minLength: context.settings.passwordMinLength, ...pageMessages(request, "account") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "google") return startGoogle(context, request, form, "/signup", "Failed to sign up with Google");
  return runForm(
    context,
    form,
    signUpInput(context.settings.passwordMinLength),
    async (input) => redirectWithCookies(redirectTarget(request, form), await context.services.accounts.signUp({ ...input, ...offeredLocale(request) }, request.headers)),
    messages.signUpFailed,
  );
}

/** /signup: 'Create Account'. */
export default function Signup({ loaderData }: Route.ComponentProps) {
  const { redirectTo, googleFailed, minLength } = loaderData;
  const t = useT();
  const to = useLocalizedPath();
  const { busy, error } = useAuthForm(useActionData<typeof action>(), googleFailed ? t("signup.googleFailed") : null);

  return (
    <AuthLayout
      title={t("signup.title")}
      subtitle={t("signup.subtitle")}
      footer={
        <p>
          {t("signup.haveAccount")}{" "}
          <Link to={redirectTo === to("/") ? to("/login") : `${to("/login")}?redirectTo=${encodeURIComponent(redirectTo)}`} className={linkClass}>
            {t("signup.signIn")}
          </Link>
        </p>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <Banner kind="error">{error}</Banner>}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField label={t("signup.name")} name="name" autoComplete="name" placeholder={t("signup.namePlaceholder")} />
          <TextField label={t("auth.email")} name="email" type="email" autoComplete="email" inputMode="email" placeholder={t("auth.emailPlaceholder")} />
          <AccountPasswordField name="password" autoComplete="new-password" placeholder={t("signup.passwordPlaceholder", { min: minLength })} />
          <PasswordField
            label={t("signup.confirm")}
            toggle={{ show: t("signup.showConfirm"), hide: t("signup.hideConfirm") }}
            name="confirmPassword"
            autoComplete="new-password"
            placeholder={t("signup.confirmPlaceholder")}
          />
          <button type="submit" name="intent" value="email" className="button-primary mt-1 h-11 w-full" disabled={busy !== null}>
            {busy === "email" ? t("signup.submitting") : t("signup.submit")}
          </button>
        </Form>
      </div>
      <Divider />
      <GoogleButton busy={busy === "google"} busyLabel={t("signup.googleBusy")} disabled={busy !== null} redirectTo={redirectTo} />
    </AuthLayout>
  );
}
