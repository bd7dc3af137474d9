import { INT4_MAX } from "#contracts/catalog";
import { AppError } from "../errors.ts";

/**
 * Keyset pages of images (the gallery's lists, a person's likes, a collection): where a page
 * starts, and the opaque cursor that carries it between requests.
 */

/** Where a page starts: after this row of this search tier (0 outside text search). */
export interface Position {
  rank: number;
  /** created_at in UTC with microseconds, as `YYYY-MM-DDTHH:MI:SS.US`. */
  ts: string;
  id: number;
}

const CURSOR = /^(\d)\.(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})\.(\d{1,10})$/;

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.rank}.${position.ts}.${position.id}`).toString("base64url");
}

/** Whether `ts` (`YYYY-MM-DDTHH:MM:SS.ffffff`) is a moment PostgreSQL stores: a real day (no 31 February) of a year from 1. */
function realTimestamp(ts: string): boolean {
  const date = new Date(`${ts.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().slice(0, 19) === ts.slice(0, 19);
}

/**
 * The position a cursor stands for, in a list of `ranks` tiers (text search has several, other
 * lists one); a 400 naming `cursor` when this server did not give it out.
 */
export function decodeCursor(cursor: string, ranks = 1): Position {
  const match = CURSOR.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  const rank = Number(match?.[1]);
  const id = Number(match?.[3]);
  if (!match || rank >= ranks || id > INT4_MAX || !realTimestamp(match[2]!)) {
    throw new AppError("BAD_REQUEST", "cursor is not one this server gave out", { field: "cursor" });
  }
  return { rank, ts: match[2]!, id };
}
