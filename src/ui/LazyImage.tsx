// An image that loads lazily and reserves its box (width/height → aspect ratio), so the layout
// does not shift when it arrives.
interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /**
   * The first visible image of a page (its likely largest paint): loaded at once and ahead of the
   * other images, instead of waiting for layout to find it near the viewport.
   */
  eager?: boolean;
}

export function LazyImage({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
}: LazyImageProps) {
  return (
    <img
      className={className === undefined ? "img" : `img ${className}`}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
    />
  );
}
