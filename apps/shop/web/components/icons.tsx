/** Small line icons drawn inline, so that no emoji or icon font is needed. Decorative: hidden from screen readers. */
type IconName = 'basket' | 'pin' | 'search' | 'leaf';

const PATHS: Record<IconName, string> = {
  basket: 'M3 9h18l-1.6 10.2a2 2 0 0 1-2 1.8H6.6a2 2 0 0 1-2-1.8zM8 9l3-5M16 9l-3-5M9 13v4M15 13v4',
  pin: 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM16.5 16.5 21 21',
  leaf: 'M5 19c0-8 5-13 15-14-1 10-6 15-14 15M5 19l7-7',
};

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      class="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** A category's badge: its initials on a colour picked from its name, the same on every visit. */
export function CategoryBadge({ name }: { name: string }) {
  const hues = [152, 24, 205, 340, 45, 265, 180, 5, 95, 225];
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hues[hash % hues.length]!;
  const initials = name
    .split(/[\s&,]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <span class="tile-icon" aria-hidden="true" data-hue={hue}>
      <svg width="44" height="44" viewBox="0 0 44 44">
        <rect width="44" height="44" rx="12" fill={`hsl(${hue} 55% 92%)`} />
        <text
          x="22"
          y="28"
          text-anchor="middle"
          font-size="16"
          font-weight="700"
          fill={`hsl(${hue} 60% 24%)`}
          font-family="system-ui, sans-serif"
        >
          {initials}
        </text>
      </svg>
    </span>
  );
}

/** The hero's picture: a basket of greens. */
export function HeroArt() {
  return (
    <svg class="hero-art" width="180" height="140" viewBox="0 0 180 140" aria-hidden="true" focusable="false">
      <circle cx="62" cy="52" r="26" fill="#9be0b4" />
      <circle cx="100" cy="44" r="22" fill="#f6c343" />
      <circle cx="128" cy="58" r="20" fill="#f28b50" />
      <path d="M20 62h140l-14 62a10 10 0 0 1-10 8H44a10 10 0 0 1-10-8z" fill="#ffffff" opacity="0.95" />
      <path
        d="M46 80v32M70 80v32M94 80v32M118 80v32M140 80v32"
        stroke="#0c6b40"
        stroke-width="5"
        stroke-linecap="round"
        opacity="0.35"
      />
    </svg>
  );
}
