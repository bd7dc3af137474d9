import { describe, expect, it } from "vitest";
import { terminalSafe } from "./terminal-text.ts";

describe("terminalSafe", () => {
  it("shows control characters escaped instead of letting the terminal obey them", () => {
    expect(terminalSafe("\u001b[2J\u001b]0;pwned\u0007Sunset")).toBe("\\x1b[2J\\x1b]0;pwned\\x07Sunset");
    expect(terminalSafe("line\r\nnext\tcol")).toBe("line\\r\\nnext\\tcol");
    expect(terminalSafe("C1 \u009b31m")).toBe("C1 \\x9b31m");
    expect(terminalSafe("abc\u202egnp.exe")).toBe("abc\\u202egnp.exe");
  });

  it("leaves ordinary text, accents and emoji as they are", () => {
    expect(terminalSafe('Café "Sunset" 🌅 – 東京')).toBe('Café "Sunset" 🌅 – 東京');
  });
});
