import type { ComponentChildren, TargetedMouseEvent } from 'preact';
import { href, navigate } from '../lib/router.ts';

interface LinkProps {
  to: string;
  children: ComponentChildren;
  class?: string;
  'aria-label'?: string;
  'aria-current'?: 'page' | undefined;
  'data-testid'?: string;
}

/** A link to a shop page: a real `<a href>` (new tabs, copying) that moves without a reload. */
export function Link({ to, children, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={href(to)}
      onClick={(event: TargetedMouseEvent<HTMLAnchorElement>) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
