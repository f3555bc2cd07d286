import { startTransition, useEffect, useRef, useState } from "react";

/**
 * Whether the element has come within `margin` of the viewport (and stays true after). For
 * parts of a long page built only when a visitor scrolls towards them: `enabled: false` means
 * always near. Where the browser has no IntersectionObserver it is near at once.
 *
 * The change is a transition: the part may hold Suspense boundaries still hydrating, which an
 * urgent update would throw away and render again on the client.
 */
export function useNearViewport<T extends Element>({
  enabled = true,
  margin = "300px",
}: { enabled?: boolean; margin?: string } = {}) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const arrive = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === "undefined") return arrive();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          arrive();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
