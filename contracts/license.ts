/**
 * The license text in force. Change its wording only with a new version and date here: a
 * receipt keeps the version, date and URL it was issued under, so a new version never
 * changes old receipts.
 */
export const LICENSE = { version: 1, date: "2026-11-23", path: "/license" } as const;
