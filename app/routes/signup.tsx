import { Form, Link, useActionData } from "react-router";
import { signUpInput } from "#contracts/account-forms";
import { Banner, PasswordField, TextField } from "~/components/fields";
import { AuthLayout, Divider, GoogleButton, authHandle, linkClass, useAuthForm } from "~/features/account/auth-layout";
import { readForm, redirectTarget, redirectWithCookies, runForm, signedOutOnly, startGoogle } from "~/lib/form.server";
import type { Route } from "./+types/signup";

export const handle = authHandle;

export function meta() {
  return [{ title: "Create Account · Stockroom" }, { name: "description", content: "Join Stockroom to save and organize your favorite free images." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await signedOutOnly(request, context)), minLength: context.settings.passwordMinLength };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "google") return startGoogle(context, request, form, "/signup", "Failed to sign up with Google");
  return runForm(
    context,
    form,
    signUpInput(context.settings.passwordMinLength),
    async (input) => redirectWithCookies(redirectTarget(request, form), await context.services.accounts.signUp(input, request.headers)),
    "Failed to create account",
  );
}

/** /signup: 'Create Account'. */
export default function Signup({ loaderData }: Route.ComponentProps) {
  const { redirectTo, googleFailed, minLength } = loaderData;
  const { busy, error } = useAuthForm(useActionData<typeof action>(), googleFailed ? "Failed to sign up with Google" : null);

  return (
    <AuthLayout
      title="Create Account"
      subtitle="Join Stockroom to save and organize your favorite images"
      footer={
        <p>
          Already have an account?{" "}
          <Link to={redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`} className={linkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <Banner kind="error">{error}</Banner>}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField label="Full Name" name="name" autoComplete="name" placeholder="Your name" />
          <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" />
          <PasswordField label="Password" name="password" autoComplete="new-password" placeholder={`At least ${minLength} characters`} />
          <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" placeholder="Type it again" />
          <button type="submit" name="intent" value="email" className="button-primary mt-1 h-11 w-full" disabled={busy !== null}>
            {busy === "email" ? "Creating Account..." : "Create Account"}
          </button>
        </Form>
      </div>
      <Divider />
      <GoogleButton busy={busy === "google"} busyLabel="Creating account..." disabled={busy !== null} redirectTo={redirectTo} />
    </AuthLayout>
  );
}
