import { describe, expect, it } from "vitest";
import { fileSizeLabel } from "./file-size.ts";

describe("a file's size as the upload list shows it", () => {
  it("counts a file under 1 MB in KB, never as 0.0 MB", () => {
    expect(fileSizeLabel(44 * 1024)).toBe("44 KB");
    expect(fileSizeLabel(300)).toBe("1 KB");
    expect(fileSizeLabel(1024 * 1024 - 600)).toBe("1023 KB");
  });

  it("counts larger files in MB with one decimal", () => {
    expect(fileSizeLabel(1024 * 1024)).toBe("1.0 MB");
    expect(fileSizeLabel(2.46 * 1024 * 1024)).toBe("2.5 MB");
  });
});

describe("a file's size in another language", () => {
  it("uses the language's digits and decimal mark, and its words for the unit", () => {
    expect(fileSizeLabel(2.46 * 1024 * 1024, "de", (amount, unit) => `${amount} ${unit === "MB" ? "Mo" : "Ko"}`)).toBe("2,5 Mo");
    expect(fileSizeLabel(44 * 1024, "de")).toBe("44 KB");
  });
});
