import { readFileSync } from "node:fs";

/** The 10,000 most common passwords (see the header of common-passwords.txt), lower-cased. */
const common = new Set(
  readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#")),
);

/** True for a password on the list of the most common ones, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
