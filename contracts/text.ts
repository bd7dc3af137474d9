/**
 * Text that PostgreSQL can store, and that is text at all: PostgreSQL refuses the NUL
 * character in any text value, and a lone UTF-16 surrogate (`\uD800` without its pair) is no
 * character (UTF-8 cannot hold it). Input carrying either is refused at the boundary, with a
 * message naming the field.
 */
export function storableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const notStorable = (name: string) => `${name} must not contain NUL characters or unpaired surrogates`;

/**
 * The name of the first field in `value` (a parsed query, body or path parameters, nested
 * fields named `outer.inner`) whose text is not storable; undefined when all are. Walked with
 * a list of its own rather than by recursion: a JSON body nested thousands deep is valid JSON.
 */
export function unstorableField(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; prefix: string | undefined }> = [{ value, prefix: undefined }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, prefix } = next;
    if (typeof value === "string") {
      if (!storableText(value)) return prefix ?? "value";
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    const inner: typeof pending = [];
    for (const [key, child] of Object.entries(value)) {
      if (!storableText(key)) return prefix ?? "a field name";
      inner.push({ value: child, prefix: Array.isArray(value) ? (prefix ?? "value") : prefix ? `${prefix}.${key}` : key });
    }
    pending.push(...inner.reverse());
  }
  return undefined;
}
