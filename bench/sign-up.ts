/** Signs up a new account on the benchmark's server; its session cookie. */
export async function signUp(origin: string, email: string, name = "Bench visitor"): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ name, email, password: "a long enough passphrase" }),
  });
  if (res.status !== 200) throw new Error(`Sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
