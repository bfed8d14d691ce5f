import type { ComponentChildren } from 'preact';

/** The page's h1; focus moves here after a page change so that screen readers announce the new page. */
export function PageHeading({ children, id }: { children: ComponentChildren; id?: string }) {
  return (
    <h1 id={id} tabIndex={-1} class="page-title">
      {children}
    </h1>
  );
}
