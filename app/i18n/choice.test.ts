import { describe, expect, it } from "vitest";
import { languageToOffer, preferredLocale } from "./choice";

describe("the language offered to a first visit", () => {
  it("is the browser's first language the site speaks, by its main tag when the region differs", () => {
    expect(preferredLocale(["de-AT", "en"])).toBe("de");
    expect(preferredLocale(["pt"])).toBe("pt-BR");
    expect(preferredLocale(["pt-PT", "fr"])).toBe("pt-BR");
    expect(preferredLocale(["sv", "ja-JP"])).toBe("ja");
    expect(preferredLocale(["en-GB", "de"])).toBe("en");
    expect(preferredLocale(["sv", "fi"])).toBeUndefined();
  });

  it("is offered only where the page is in another language, and never once a language was chosen", () => {
    expect(languageToOffer("en", ["de-DE", "de"], undefined)).toBe("de");
    expect(languageToOffer("de", ["de-DE"], undefined)).toBeUndefined();
    expect(languageToOffer("de", ["en-US"], undefined)).toBe("en");
    expect(languageToOffer("de", ["sv"], undefined)).toBeUndefined();
    expect(languageToOffer("en-XA", ["de"], undefined)).toBeUndefined();
    expect(languageToOffer("en", ["de-DE"], "en")).toBeUndefined();
    expect(languageToOffer("fr", ["de-DE"], "de")).toBeUndefined();
  });
});
