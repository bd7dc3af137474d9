import { createCipheriv, createDecipheriv, createPrivateKey, hkdfSync, randomBytes, X509Certificate, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import type { SigningIdentityRepository } from "./signing-identity-repository.ts";

/**
 * The site's signing identity for Content Credentials (decision 030): an ECDSA P-256 root
 * certificate ("{site} Content Credentials Root") and a signing certificate it issued, with
 * the extensions C2PA validators require (end entity: CA:FALSE, keyUsage digitalSignature,
 * extendedKeyUsage emailProtection; root: CA:TRUE, keyCertSign). Made on first use and kept
 * in the database, the key sealed with AUTH_SECRET, so that every instance and every operator
 * command signs with the same certificate, and a restart changes nothing; an operator's own
 * (C2PA_SIGNING_CERT / C2PA_SIGNING_KEY, PEM files, the certificate file holding the chain up
 * to its CA) replaces it.
 */
export interface SigningIdentity {
  /** The signing certificate first, then its issuers, DER. */
  chain: Buffer[];
  /** The root the chain ends in, PEM: what a reader gives as its trust anchor (GET /content-credentials/root.pem). */
  rootPem: string;
  /** The signing certificate's organisation (else its common name): the signer C2PA readers name, "Stockroom" for the site's own. */
  signer: string;
  key: KeyObject;
}

export interface SigningIdentitySource {
  repository: SigningIdentityRepository;
  /** AUTH_SECRET, which seals the site's own key in the database. */
  secret: string;
  siteName: string;
  /** An operator's own certificate chain and key (PEM file paths); unset: the site's own, made on first use. */
  operator: { certFile: string; keyFile: string } | undefined;
}

/** The site's name in its certificates. */
export const SITE_NAME = "Stockroom";

const ECDSA = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const EMAIL_PROTECTION = "1.3.6.1.5.5.7.3.4";
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** The PEM blocks of `pem`, each as DER. */
function pemBlocks(pem: string): Buffer[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ""), "base64"));
}

const toPem = (der: Buffer) => `-----BEGIN CERTIFICATE-----\n${der.toString("base64").replace(/.{64}/g, "$&\n").replace(/\n?$/, "\n")}-----END CERTIFICATE-----\n`;

/**
 * @peculiar/x509 registers its parts with tsyringe, which asks for the Reflect metadata API that
 * the reflect-metadata package adds; nothing of ours uses decorators, so its three lookups
 * answering "none" is all it needs.
 */
async function x509Library() {
  const reflect = Reflect as unknown as Record<string, unknown>;
  reflect.getMetadata ??= () => undefined;
  reflect.getOwnMetadata ??= () => undefined;
  reflect.defineMetadata ??= () => {};
  const x509 = await import("@peculiar/x509");
  x509.cryptoProvider.set(crypto);
  return x509;
}

/** A new root and signing certificate for `siteName`, valid ten years; PEM. */
export async function makeIdentity(siteName: string): Promise<{ certPem: string; keyPem: string }> {
  const x509 = await x509Library();
  const { subtle } = crypto;
  const notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  const notAfter = new Date(notBefore.getTime() + 10 * YEAR_MS);
  const rootKeys = await subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  const signingKeys = await subtle.generateKey(ECDSA, true, ["sign", "verify"]);
  const serial = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex").replace(/^[89a-f]/, "1");
  const dn = (cn: string) => `CN=${cn.replace(/[,+="\\<>;#]/g, " ")}, O=${siteName.replace(/[,+="\\<>;#]/g, " ")}`;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: dn(`${siteName} Content Credentials Root`),
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: ECDSA,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const signing = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: dn(`${siteName} Content Credentials`),
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: signingKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: ECDSA,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EMAIL_PROTECTION], false),
      await x509.SubjectKeyIdentifierExtension.create(signingKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await subtle.exportKey("pkcs8", signingKeys.privateKey));
  return {
    certPem: toPem(Buffer.from(signing.rawData)) + toPem(Buffer.from(root.rawData)),
    keyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString("base64").replace(/.{64}/g, "$&\n").replace(/\n?$/, "\n")}-----END PRIVATE KEY-----\n`,
  };
}

/** The name the site's own identity is kept under. */
const SITE_IDENTITY = "site";

/** AES-256-GCM with a key derived from `secret`: what keeps the private key unreadable in the database and its backups. */
function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "stockroom", "content-credentials signing key", 32));
}

function sealKey(keyPem: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(keyPem, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

function unsealKey(sealed: string, secret: string): string {
  const bytes = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("The site's Content Credentials key was sealed with another AUTH_SECRET: start every instance and command with the AUTH_SECRET it was made with");
  }
}

/** The site's own identity, kept in the database, made by the first that needs it. */
async function siteIdentity(source: SigningIdentitySource): Promise<{ certPem: string; keyPem: string }> {
  let kept = await source.repository.find(SITE_IDENTITY);
  if (!kept) {
    const made = await makeIdentity(source.siteName);
    kept = await source.repository.keepFirst(SITE_IDENTITY, { chainPem: made.certPem, sealedKey: sealKey(made.keyPem, source.secret) });
  }
  return { certPem: kept.chainPem, keyPem: unsealKey(kept.sealedKey, source.secret) };
}

/** The identity the site signs with: the operator's, or its own. */
export async function loadSigningIdentity(source: SigningIdentitySource): Promise<SigningIdentity> {
  const { certPem, keyPem } = source.operator
    ? { certPem: readFileSync(source.operator.certFile, "utf8"), keyPem: readFileSync(source.operator.keyFile, "utf8") }
    : await siteIdentity(source);
  return identityOf(certPem, keyPem);
}

/** A signing identity from its certificate chain and key, PEM, checked to belong together. */
export function identityOf(certPem: string, keyPem: string): SigningIdentity {
  const chain = pemBlocks(certPem);
  if (!chain.length) throw new Error("C2PA_SIGNING_CERT holds no PEM certificate");
  const key = createPrivateKey(keyPem);
  const signing = new X509Certificate(chain[0]!);
  if (!signing.checkPrivateKey(key)) throw new Error("C2PA_SIGNING_KEY is not the key of the first certificate in C2PA_SIGNING_CERT");
  const root = new X509Certificate(chain.at(-1)!);
  return {
    chain,
    rootPem: root.toString(),
    signer: /(?:^|\n)O=([^\n]+)/.exec(signing.subject)?.[1] ?? /CN=([^\n]+)/.exec(signing.subject)?.[1] ?? signing.subject,
    key,
  };
}
