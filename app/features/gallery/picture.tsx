import type { ImageSummary } from "#contracts/catalog";

/** An image over AVIF and WebP sources, JPEG last, sized by the layout that shows it. */
export function Picture({
  image,
  sizes,
  eager,
  className,
  onError,
  onLoad,
}: {
  image: ImageSummary;
  sizes: string;
  eager?: boolean;
  className?: string;
  onError?: () => void;
  onLoad?: () => void;
}) {
  return (
    <picture>
      {/* AVIF and WebP by width; browsers that take neither get the one JPEG of src. */}
      {image.sources
        .filter((source) => source.type !== "image/jpeg")
        .map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
      <img
        src={image.src}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.title}
        decoding="async"
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        className={className}
        onError={onError}
        onLoad={onLoad}
      />
    </picture>
  );
}
