import { Form, Link, useActionData } from "react-router";
import { signInInput } from "#contracts/account-forms";
import { Banner, PasswordField, TextField } from "~/components/fields";
import { AuthLayout, Divider, GoogleButton, authHandle, linkClass, useAuthForm } from "~/features/account/auth-layout";
import { readForm, redirectTarget, redirectWithCookies, runForm, signedOutOnly, startGoogle } from "~/lib/form.server";
import { ArrowLeftIcon } from "~/lib/icons";
import type { Route } from "./+types/login";

export const handle = authHandle;

export function meta() {
  return [{ title: "Sign in · Stockroom" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return signedOutOnly(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "google") return startGoogle(context, request, form, "/login", "Failed to sign in with Google");
  return runForm(
    context,
    form,
    signInInput,
    async (input) => redirectWithCookies(redirectTarget(request, form), await context.services.accounts.signIn(input, request.headers)),
    "Failed to log in",
  );
}

/** /login: 'Welcome Back'. */
export default function Login({ loaderData }: Route.ComponentProps) {
  const { redirectTo, googleFailed } = loaderData;
  const { busy, error } = useAuthForm(useActionData<typeof action>(), googleFailed ? "Failed to sign in with Google" : null);
  const withRedirect = (path: string) => (redirectTo === "/" ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`);

  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to your account to continue"
      footer={
        <>
          <p>
            Don&apos;t have an account?{" "}
            <Link to={withRedirect("/signup")} className={linkClass}>
              Sign up
            </Link>
          </p>
          <p className="mt-4">
            <Link to="/" className="inline-flex items-center gap-1.5 hover:text-neutral-950 dark:hover:text-white">
              <ArrowLeftIcon size={16} />
              Back to Gallery
            </Link>
          </p>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <Banner kind="error">{error}</Banner>}
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" />
          <PasswordField label="Password" name="password" autoComplete="current-password" placeholder="Your password" />
          <div className="-mt-1 text-right text-sm">
            <Link to="/forgot-password" className={linkClass}>
              Forgot your password?
            </Link>
          </div>
          <button type="submit" name="intent" value="email" className="button-primary h-11 w-full" disabled={busy !== null}>
            {busy === "email" ? "Signing In..." : "Sign In"}
          </button>
        </Form>
      </div>
      <Divider />
      <GoogleButton busy={busy === "google"} busyLabel="Signing in..." disabled={busy !== null} redirectTo={redirectTo} />
    </AuthLayout>
  );
}
