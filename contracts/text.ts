/**
 * Text that PostgreSQL can store: it refuses the NUL character in any text value, so input
 * carrying one is refused at the boundary, with a message naming the field.
 */
export function storableText(value: string): boolean {
  return !value.includes("\u0000");
}

export const notStorable = (name: string) => `${name} must not contain NUL characters`;
