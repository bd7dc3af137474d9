/** A person's round picture, or the first letter of their name when they have none. */
export function Avatar({ name, url, size }: { name: string; url: string | null; size: number }) {
  const style = { width: size, height: size };
  return url ? (
    <img src={url} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" style={style} loading="lazy" />
  ) : (
    <span
      aria-hidden="true"
      translate="no"
      style={{ ...style, fontSize: size * 0.42 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-neutral-200 font-semibold uppercase text-neutral-700 dark:bg-neutral-700 dark:text-neutral-100"
    >
      {name.trim().charAt(0) || "?"}
    </span>
  );
}
