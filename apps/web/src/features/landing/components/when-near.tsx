import { Box, Skeleton } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/** How far below the screen a part starts loading: a screen's height, so scrolling or tabbing down finds it there. */
const AHEAD = '100% 0px';

/**
 * Its children once this place is within a screen of the viewport (at once where the browser
 * cannot tell), the space of `height` kept until then and while they load: a public page's parts
 * below the fold (a form, the questions, the latest posts) neither load nor render during its
 * first paint and hydration (docs/web-app.md#bundle-budget).
 */
export function WhenNear({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  // Decided after the first render, which matches the prerendered page (src/prerender.tsx).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <Box ref={place} h={height} />;
  return <Suspense fallback={<Skeleton h={height} radius="md" />}>{children}</Suspense>;
}
