import { describe, expect, it } from "vitest";
import { compileMessage } from "./compile";
import { translator, type Messages } from "#contracts/messages";

/** A translator of ICU messages, compiled as the build compiles the catalogs. */
const of = (locale: string, messages: Record<string, string>) =>
  translator(locale, Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)])) as Messages);

describe("messages", () => {
  it("fills in placeholders, and gives the id of a message it does not have", () => {
    const t = of("en", { hello: "Hello {name}, '{'not a placeholder'}'" });
    expect(t._("hello", { name: "Ada" })).toBe("Hello Ada, {not a placeholder}");
    expect(t._("hello")).toBe("Hello , {not a placeholder}");
    expect(t._("gallery.unknown")).toBe("gallery.unknown");
  });

  it("chooses a plural's case by the language's rules, an exact case first, with # as the language writes the number", () => {
    const message = { found: "{count, plural, =0 {No images} one {# image} other {# images}}" };
    const en = of("en", message);
    expect([0, 1, 2, 1234].map((count) => en._("found", { count }))).toEqual(["No images", "1 image", "2 images", "1,234 images"]);
    expect(of("de", message)._("found", { count: 1234 })).toBe("1.234 images");
    // Arabic has six plural categories: 'few' for 3-10, 'many' for 11-99; a missing one falls to 'other'.
    const ar = of("ar", { n: "{n, plural, zero {zero} one {one} two {two} few {few #} many {many #} other {other #}}" });
    const arabic = new Intl.NumberFormat("ar").format;
    expect([0, 1, 2, 3, 11, 100].map((n) => ar._("n", { n }))).toEqual(["zero", "one", "two", `few ${arabic(3)}`, `many ${arabic(11)}`, `other ${arabic(100)}`]);
    expect(of("en", { n: "{n, plural, offset:1 =0 {nobody} one {you} other {you and # others}}" })._("n", { n: 3 })).toBe("you and 2 others");
    expect(of("en", { place: "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}" })._("place", { n: 22 })).toBe("22nd");
  });

  it("chooses a select's case, else its 'other', and formats numbers and percentages in the language", () => {
    const t = of("fr", { role: "{role, select, admin {Administrateur} other {Membre}}", share: "{part, number, percent} de {total, number}" });
    expect(t._("role", { role: "admin" })).toBe("Administrateur");
    expect(t._("role", { role: "constructor" })).toBe("Membre");
    // French writes "25 %" and "12 000" with its own spaces, as the runtime's Intl has them.
    expect(t._("share", { part: 0.25, total: 12000 })).toBe(`${new Intl.NumberFormat("fr", { style: "percent" }).format(0.25)} de ${new Intl.NumberFormat("fr").format(12000)}`);
    expect(t._("share", { part: 0.25, total: 12000 })).toMatch(/^25\s%/u);
  });

  it("nests: a plural inside a select keeps its own #", () => {
    const t = of("en", { liked: "{who, select, me {You liked {n, plural, one {# image} other {# images}}} other {{who} liked {n, number}}}" });
    expect(t._("liked", { who: "me", n: 3 })).toBe("You liked 3 images");
    expect(t._("liked", { who: "Ada", n: 3000 })).toBe("Ada liked 3,000");
  });

  it("refuses, at build, a message in a format it does not know, naming it", () => {
    expect(() => compileMessage("Added {when, date, short}")).toThrow("'date' is not one of the formats the site's messages know (number, plural, selectordinal, select)");
    expect(() => compileMessage("{n, plural, one {on {when, time}} other {x}}")).toThrow("'time' is not one of");
  });
});
