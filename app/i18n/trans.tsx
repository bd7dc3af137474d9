import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { useI18n, type MessageId } from "./i18n";

/** A numbered tag of a message: `<0>text</0>`, or `<0/>`. */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/;

/** `text` with each numbered tag drawn by its element in `elements` (the tag's text as the element's children), the rest as text. */
function drawTags(text: string, elements: Record<string, ReactElement>): ReactNode[] {
  const drawn: ReactNode[] = [];
  let rest = text;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) drawn.push(rest.slice(0, match.index));
    const [, paired, inner, alone] = match;
    const element = elements[(paired ?? alone)!];
    const children = paired === undefined ? [] : drawTags(inner!, elements);
    // A tag without its element (a translation's mistake) keeps its text, as Lingui's Trans did.
    drawn.push(...(element ? [cloneElement(element, { key: drawn.length }, ...children)] : children));
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) drawn.push(rest);
  return drawn;
}

/**
 * `<Trans id values components>`: a message with elements in it (`by <0>{owner}</0>`), each
 * numbered tag drawn by its component. A value that is an element (`{ creator: <span>…</span> }`)
 * is drawn as itself where its placeholder is.
 */
export function Trans({ id, values = {}, components }: { id: MessageId; values?: Record<string, unknown>; components: Record<string, ReactElement> }) {
  const i18n = useI18n();
  const elements = { ...components };
  const texts: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (isValidElement(value)) {
      const index = String(Object.keys(elements).length);
      elements[index] = value as ReactElement;
      texts[name] = `<${index}/>`;
    } else texts[name] = value;
  }
  return <>{drawTags(i18n._(id, texts), elements)}</>;
}
