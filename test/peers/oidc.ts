import type { Server } from "node:http";
import Provider from "oidc-provider";

export const OIDC_CLIENT = { id: "stockroom-e2e", secret: "stockroom-e2e-secret-of-enough-length" };

/** "grace.hopper@mail.test" -> "Grace Hopper": the name the provider reports for a login. */
export function nameOf(email: string): string {
  return email
    .split("@")[0]!
    .split(/[._-]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}

/**
 * A local OpenID Connect provider standing in for Google: its sign-in page takes any
 * email address as the login (and any password), and reports that address, verified,
 * with a name made from it (`nameOf`); it asks for no consent. One client: OIDC_CLIENT,
 * redirecting to `redirectUri`.
 */
export async function startOidcPeer(port: number, redirectUri: string): Promise<{ issuer: string; close(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: id.toLowerCase(), email_verified: true, name: nameOf(id) }),
      };
    },
    // Consent is taken as given, as Google does for a client the person already allowed.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
    // Send the claims in the ID token too, as Google does.
    conformIdTokenClaims: false,
  });
  const server: Server = await new Promise((resolve, reject) => {
    const s = provider.listen(port, "127.0.0.1", () => resolve(s));
    s.once("error", reject);
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
