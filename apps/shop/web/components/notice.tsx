import type { ComponentChildren } from 'preact';

type Tone = 'error' | 'warning' | 'success' | 'info';

/** A message in the page. Errors and warnings are announced at once (`role="alert"`), the rest politely. */
export function Notice({
  tone,
  title,
  children,
  testId,
}: {
  tone: Tone;
  title?: string;
  children?: ComponentChildren;
  testId?: string;
}) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div class={`notice notice-${tone}`} role={urgent ? 'alert' : 'status'} data-testid={testId}>
      <span class="notice-icon" aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'warning' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div>
        {title && <p class="notice-title">{title}</p>}
        {children && <div class="notice-body">{children}</div>}
      </div>
    </div>
  );
}
