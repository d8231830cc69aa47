// Small decorative icons of the course card. Always aria-hidden: the card says the same in text.
const common = {
  'aria-hidden': true,
  focusable: false,
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function ClockIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/** A padlock: on a locked card, and (larger, with a thinner line) on the sign-in failure page. */
export function LockIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size} strokeWidth={size > 24 ? 1.5 : 2}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

export function LayersIcon() {
  return (
    <svg {...common}>
      <path d="m12 3 9 5-9 5-9-5 9-5Z" />
      <path d="m3 13 9 5 9-5" />
    </svg>
  );
}

export function CalendarIcon() {
  return (
    <svg {...common}>
      <rect x="4" y="5" width="16" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M4 11h16" />
    </svg>
  );
}

/** Points to the inline end; mirrored in right-to-left layouts by CSS (`.icon-forward`). */
export function ArrowIcon() {
  return (
    <svg {...common} className="icon-forward">
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}

/** The book that stands for a course without a cover image: on its card, and (larger) on its pages. */
export function BookIcon({ size = 40 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size} strokeWidth={1.5}>
      <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Z" />
      <path d="M4 19a2 2 0 0 0 2 2h13" />
      <path d="M8 7h7" />
    </svg>
  );
}
