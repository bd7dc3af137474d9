import { Form, Link, useActionData, useNavigation } from "react-router";
import { messages, resetPasswordInput } from "#contracts/account-forms";
import { Banner, PasswordField } from "~/components/fields";
import { AuthLayout, authHandle, linkClass } from "~/features/account/auth-layout";
import { readForm, redirectWithCookies, runForm } from "~/lib/form.server";
import type { Route } from "./+types/reset-password";

export const handle = authHandle;

export function meta() {
  // The token in this page's URL must not travel to other sites in a Referer header.
  return [{ title: "Choose a new password · Stockroom" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await context.services.accounts.resetTokenUsable(token), minLength: context.settings.passwordMinLength };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runForm(
    context,
    await readForm(request),
    resetPasswordInput(context.settings.passwordMinLength),
    // Every other session ended with the reset; this browser is signed in to a new one.
    async (input) => redirectWithCookies("/profile-settings?reset=1", await context.services.accounts.resetPassword(input, request.headers)),
    "Failed to reset the password",
  );
}

/** /reset-password?token=…: the page a reset email links to. */
export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, usable, minLength } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const error = busy ? null : result && !result.ok ? result.error : null;

  if (!usable) {
    return (
      <AuthLayout title="This link no longer works" subtitle={messages.resetLinkInvalid}>
        <Link to="/forgot-password" className="button-primary h-11 w-full">
          Send a new link
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="After this, your old password stops working and you are signed out everywhere else."
      footer={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <Banner kind="error">{error}</Banner>}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <PasswordField label="New Password" name="password" autoComplete="new-password" placeholder={`At least ${minLength} characters`} />
          <PasswordField label="Confirm New Password" name="confirmPassword" autoComplete="new-password" placeholder="Type it again" />
          <button type="submit" className="button-primary mt-1 h-11 w-full" disabled={busy}>
            {busy ? "Saving..." : "Set new password"}
          </button>
        </Form>
      </div>
    </AuthLayout>
  );
}
