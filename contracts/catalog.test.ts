import { describe, expect, it } from "vitest";
import { encodeListCursor, listCursor } from "./catalog.ts";

/** One cursor schema serves every list: what it takes is a position PostgreSQL can use. */

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");

describe("a list's cursor", () => {
  it("gives back the position it was made from", () => {
    const position = { rank: 3, ts: "2026-01-31T23:59:59.123456", id: 2_147_483_647 };
    expect(listCursor.parse(encodeListCursor(position))).toEqual(position);
  });

  it("refuses cursors this server did not give out: impossible days, years PostgreSQL has not, ranks and ids out of range", () => {
    for (const cursor of [
      "abc",
      "a",
      cursorOf("0.2026-02-31T00:00:00.000000.5"),
      cursorOf("0.0000-01-01T00:00:00.000000.5"),
      cursorOf("0.275760-09-13T00:00:00.000000.5"),
      cursorOf("0.2026-01-01T24:00:00.000000.5"),
      cursorOf("0.2026-01-01T00:00:00.000000.2147483648"),
      cursorOf("5.2026-01-01T00:00:00.000000.1"),
      cursorOf('{"t":"2026-01-01","id":"1"}'),
    ]) {
      const parsed = listCursor.safeParse(cursor);
      expect(parsed.success, cursor).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("cursor is not one this server gave out");
    }
  });
});
