import { describe, expect, it } from "vitest";
import { ownDirection } from "./own-direction";

describe("ownDirection", () => {
  it("leaves words that read the page's way as they are", () => {
    expect(ownDirection("Kai Sammler", "ltr")).toBeUndefined();
    expect(ownDirection("سارة الفنانة", "rtl")).toBeUndefined();
  });

  it("turns words written the other way to their own direction, by their first letter", () => {
    expect(ownDirection("Kai Sammler", "rtl")).toBe("ltr");
    expect(ownDirection("سارة Studio", "ltr")).toBe("rtl");
    expect(ownDirection("3 אורות", "ltr")).toBe("rtl");
    expect(ownDirection("«Élan» 2", "rtl")).toBe("ltr");
  });

  it("leaves words without a letter to the page", () => {
    expect(ownDirection("1234", "rtl")).toBeUndefined();
    expect(ownDirection("", "ltr")).toBeUndefined();
  });
});
