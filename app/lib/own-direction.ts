/** Letters of the scripts written right to left (Unicode's bidi classes R and AL). */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const LETTER = /\p{L}/u;

/**
 * The `dir` that keeps a person's words in their own direction on a page written `page`-wise
 * (ltr or rtl): the direction of its first letter, as `dir="auto"` decides it, but only where it
 * differs from the page's, and `undefined` where the words already read the page's way. For an
 * element that is a block of its own (a flex item, a heading); where the element runs inline in
 * a sentence, `dir="auto"` also isolates it, and stays the right choice. Chromium lays out
 * `dir="auto"` at a cost, which the home page's 30 creator names paid on every load.
 */
export function ownDirection(text: string, page: "ltr" | "rtl"): "ltr" | "rtl" | undefined {
  const first = LETTER.exec(text)?.[0];
  if (first === undefined) return undefined;
  const own = RIGHT_TO_LEFT.test(first) ? "rtl" : "ltr";
  return own === page ? undefined : own;
}
