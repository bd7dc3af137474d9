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
 * fields named `outer.inner`) whose text is not storable; undefined when all are.
 */
export function unstorableField(value: unknown, prefix?: string): string | undefined {
  if (typeof value === "string") return storableText(value) ? undefined : (prefix ?? "value");
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const field = Array.isArray(value) ? (prefix ?? "value") : prefix ? `${prefix}.${key}` : key;
    const found = storableText(key) ? unstorableField(inner, field) : (prefix ?? "a field name");
    if (found) return found;
  }
  return undefined;
}
