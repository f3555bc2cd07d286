import { useEffect, useRef, useState } from "react";

export const DEFAULT_GAME_ICON = "/images/default-game.svg";

/**
 * A game or vendor image that falls back to the default icon when it fails,
 * including failures that happened before hydration.
 */
export function GameIcon({
  src,
  alt,
  size = 160,
  fallback = DEFAULT_GAME_ICON,
  eager = false,
}: {
  src: string | null;
  alt: string;
  size?: number;
  fallback?: string;
  /** Above the fold on a phone: fetched at once, as it may be the page's largest paint. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration never fires onError for React.
    const image = ref.current;
    setFailed(!src || Boolean(image && image.complete && image.naturalWidth === 0));
  }, [src]);
  return (
    <img
      ref={ref}
      src={failed || !src ? fallback : src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      data-fallback={failed ? "true" : undefined}
      onError={() => setFailed(true)}
    />
  );
}
