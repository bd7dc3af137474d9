import { Form, Link, useActionData, useNavigation } from "react-router";
import { forgotPasswordInput, messages } from "#contracts/account-forms";
import { Banner, TextField } from "~/components/fields";
import { AuthLayout, authHandle, linkClass } from "~/features/account/auth-layout";
import { type FormResult, readForm, runForm } from "~/lib/form.server";
import type { Route } from "./+types/forgot-password";

export const handle = authHandle;

export function meta() {
  return [{ title: "Forgot your password? · Stockroom" }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  return runForm(
    context,
    await readForm(request),
    forgotPasswordInput,
    async (input): Promise<FormResult> => {
      await context.services.accounts.requestPasswordReset(input, request.headers);
      // The same answer whether or not the address has an account.
      return { ok: true, message: messages.resetLinkSent };
    },
    "Failed to send the reset link",
  );
}

/** /forgot-password: asks for the address to send a reset link to. */
export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const shown = busy ? undefined : result;

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <div className="flex flex-col gap-4">
        {shown && (shown.ok ? <Banner kind="success">{shown.message}</Banner> : <Banner kind="error">{shown.error}</Banner>)}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" />
          <button type="submit" className="button-primary h-11 w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </button>
        </Form>
      </div>
    </AuthLayout>
  );
}
