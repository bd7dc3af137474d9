import { Form, Link, useActionData, useNavigation } from "react-router";
import { forgotPasswordInput, messages } from "#contracts/account-forms";
import { Banner, TextField } from "~/components/fields";
import { AuthLayout, authHandle, linkClass } from "~/features/account/auth-layout";
import { useFormMessage } from "~/features/account/form-messages";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT, useLocalizedPath, useT } from "~/i18n/i18n";
import { type FormResult, readForm, runForm, succeeded } from "~/lib/form.server";
import type { Route } from "./+types/forgot-password";

export const handle = authHandle;

export function meta({ data, location }: Route.MetaArgs) {
  return [{ title: metaT(location.pathname, data)("forgot.metaTitle") }, { name: "robots", content: "noindex" }];
}

export const loader = ({ request }: Route.LoaderArgs) => pageMessages(request, "account");

export async function action({ request, context }: Route.ActionArgs) {
  return runForm(
    context,
    await readForm(request),
    forgotPasswordInput,
    async (input): Promise<FormResult> => {
      await context.services.accounts.requestPasswordReset(input, request.headers);
      // The same answer whether or not the address has an account.
      return succeeded("resetLinkSent");
    },
    messages.resetLinkFailed,
  );
}

/** /forgot-password: asks for the address to send a reset link to. */
export default function ForgotPassword() {
  const t = useT();
  const to = useLocalizedPath();
  const message = useFormMessage();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const shown = busy ? undefined : result;

  return (
    <AuthLayout
      title={t("forgot.title")}
      subtitle={t("forgot.subtitle")}
      footer={
        <p>
          {t("forgot.remembered")}{" "}
          <Link to={to("/login")} className={linkClass}>
            {t("auth.backToSignIn")}
          </Link>
        </p>
      }
    >
      <div className="flex flex-col gap-4">
        {shown && <Banner kind={shown.ok ? "success" : "error"}>{message(shown)}</Banner>}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <TextField label={t("auth.email")} name="email" type="email" autoComplete="email" inputMode="email" placeholder={t("auth.emailPlaceholder")} />
          <button type="submit" className="button-primary h-11 w-full" disabled={busy}>
            {busy ? t("forgot.submitting") : t("forgot.submit")}
          </button>
        </Form>
      </div>
    </AuthLayout>
  );
}
