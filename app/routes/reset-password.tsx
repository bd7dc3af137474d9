import { Form, Link, useActionData, useNavigation } from "react-router";
import { messages, resetPasswordInput } from "#contracts/account-forms";
import { localizedPath } from "#contracts/locales";
import { Banner } from "~/components/fields";
import { AuthLayout, authHandle, linkClass, NewPasswordField } from "~/features/account/auth-layout";
import { useFormMessage } from "~/features/account/form-messages";
import { pageMessages, requestLocale } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import { readForm, redirectWithCookies, runForm } from "~/lib/form.server";
import type { Route } from "./+types/reset-password";

export const handle = authHandle;

export function meta({ data, location }: Route.MetaArgs) {
  // The token in this page's URL must not travel to other sites in a Referer header.
  return [{ title: metaT(location.pathname, data)("reset.metaTitle") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    token,
    usable: await context.services.accounts.resetTokenUsable(token),
    minLength: context.settings.passwordMinLength,
    ...pageMessages(request, "account"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runForm(
    context,
    await readForm(request),
    resetPasswordInput(context.settings.passwordMinLength),
    // Every other session ended with the reset; this browser is signed in to a new one.
    async (input) => redirectWithCookies(localizedPath(requestLocale(request), "/profile-settings?reset=1"), await context.services.accounts.resetPassword(input, request.headers)),
    messages.resetFailed,
  );
}

/** /reset-password?token=…: the page a reset email links to. */
export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, usable, minLength } = loaderData;
  const t = useT();
  const to = useLocalizedPath();
  const message = useFormMessage();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const error = busy ? null : result && !result.ok ? message(result) : null;

  if (!usable) {
    return (
      <AuthLayout title={t("reset.invalidTitle")} subtitle={t("form.resetLinkInvalid")}>
        <Link to={to("/forgot-password")} className="button-primary h-11 w-full">
          {t("reset.newLink")}
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t("reset.title")}
      subtitle={t("reset.subtitle")}
      footer={
        <Link to={to("/login")} className={linkClass}>
          {t("auth.backToSignIn")}
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <Banner kind="error">{error}</Banner>}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <NewPasswordField which="new" name="password" placeholder={t("signup.passwordPlaceholder", { min: minLength })} />
          <NewPasswordField which="confirm" name="confirmPassword" placeholder={t("signup.confirmPlaceholder")} />
          <button type="submit" className="button-primary mt-1 h-11 w-full" disabled={busy}>
            {busy ? t("reset.submitting") : t("reset.submit")}
          </button>
        </Form>
      </div>
    </AuthLayout>
  );
}
