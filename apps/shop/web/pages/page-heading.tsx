import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { claimHeadingFocus } from '../lib/router.ts';

/**
 * The page's h1. Right after moving to another page it takes the focus, so that screen readers
 * announce the new page; a heading that replaces the "loading" one takes it over.
 */
export function PageHeading({ children, id }: { children: ComponentChildren; id?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (claimHeadingFocus()) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 id={id} tabIndex={-1} class="page-title" ref={heading}>
      {children}
    </h1>
  );
}
