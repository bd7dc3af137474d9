import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { LOCALES } from "#contracts/locales";
import { compileCatalog } from "./compile";

/** The pages' catalogs, and the server's for its mails (server/auth/reset-mail.ts), laid out alike: <locale>/<area>.json. */
const folders = [path.join(import.meta.dirname, "catalogs"), path.join(import.meta.dirname, "../../server/auth/catalogs")];
const translated = LOCALES.filter((locale) => locale !== "en");

/** The names a compiled message fills in: `{name}`, and the argument of a plural or select with those of its branches. */
function placeholders(message: CompiledMessage): string[] {
  return message.flatMap((part) => {
    if (typeof part === "string") return [];
    const [name, , options] = part;
    const branches = options && typeof options === "object" ? Object.values(options).filter((branch) => Array.isArray(branch)) : [];
    return [name, ...branches.flatMap((branch) => placeholders(branch as CompiledMessage))];
  });
}

describe.each(folders)("message catalogs in %s", (folder) => {
  const read = (locale: string, area: string) => JSON.parse(readFileSync(path.join(folder, locale, area), "utf8")) as Record<string, string>;
  const areas = readdirSync(path.join(folder, "en"));

  it("are there for every offered language and every area English has", () => {
    expect(readdirSync(folder).sort()).toEqual([...LOCALES].sort());
    for (const locale of translated) expect(readdirSync(path.join(folder, locale)).sort(), locale).toEqual([...areas].sort());
  });

  it.each(translated)("%s has every message English has, and none it lacks", (locale) => {
    for (const area of areas) expect(Object.keys(read(locale, area)).sort(), `${locale}/${area}`).toEqual(Object.keys(read("en", area)).sort());
  });

  it.each(translated)("%s fills in no placeholder English lacks, and its messages are valid ICU", (locale) => {
    for (const area of areas) {
      const english = compileCatalog(area, read("en", area));
      const theirs = compileCatalog(`${locale}/${area}`, read(locale, area));
      for (const [id, message] of Object.entries(theirs)) {
        const known = new Set(placeholders(english[id]!));
        expect(placeholders(message).filter((name) => !known.has(name)), `${locale}/${area} ${id}`).toEqual([]);
      }
    }
  });
});

describe("message catalogs", () => {
  it("makes the pseudo-locale from English: accented, longer, placeholders kept", () => {
    const pseudo = compileCatalog("test", { hello: "Hello {name}", count: "{n, plural, one {# image} other {# images}}" }, true);
    expect(pseudo.hello).toEqual(["⟦", "Ĥéĺĺö ···", ["name"], "⟧"]);
    expect(placeholders(pseudo.count!)).toEqual(["n"]);
  });
});
