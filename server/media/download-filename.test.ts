import { describe, expect, it } from "vitest";
import { attachmentDisposition, downloadFileName } from "./download-filename.ts";

/** What a browser saves: the RFC 8187 name when present. */
function savedName(disposition: string): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  return decodeURIComponent(match![1]!);
}

describe("download file names", () => {
  it("replaces spaces with underscores and adds .jpg", () => {
    expect(downloadFileName("Misty Mountain Dawn")).toBe("Misty_Mountain_Dawn.jpg");
    expect(attachmentDisposition("Misty Mountain Dawn")).toBe(
      `attachment; filename="Misty_Mountain_Dawn.jpg"; filename*=UTF-8''Misty_Mountain_Dawn.jpg`,
    );
  });

  it("keeps unicode exactly and gives old clients an ASCII fallback", () => {
    const header = attachmentDisposition("Café au lait ☕ 東京");
    expect(savedName(header)).toBe("Café_au_lait_☕_東京.jpg");
    expect(header).toContain(`filename="Cafe_au_lait_____.jpg"`);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });

  it("is safe for quotes, slashes, control characters and header syntax", () => {
    const header = attachmentDisposition('He said "hi"; / \\ rm -rf\r\nX-Evil: 1 100%');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(savedName(header)).toBe("He_said__hi_;_____rm_-rfX-Evil__1_100%.jpg");
    // The quoted fallback holds no quote, backslash, semicolon or percent sign that could end or bend it.
    expect(/filename="([^"]*)"/.exec(header)![1]).toBe("He_said__hi_______rm_-rfX-Evil__1_100_.jpg");
  });

  it("names an empty or blank title 'Untitled', and one with no Latin letters in the fallback too", () => {
    expect(downloadFileName("")).toBe("Untitled.jpg");
    expect(downloadFileName("   ")).toBe("Untitled.jpg");
    expect(downloadFileName("...")).toBe("Untitled.jpg");
    const header = attachmentDisposition("夕焼け");
    expect(savedName(header)).toBe("夕焼け.jpg");
    expect(header).toContain(`filename="Untitled.jpg"`);
  });

  it("keeps long titles to a sane length", () => {
    expect(Array.from(downloadFileName("ä".repeat(500))).length).toBe(120 + ".jpg".length);
  });
});
