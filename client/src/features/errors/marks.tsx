// The pictures in the round mark of the error pages (errors.css `.error-view__art`): 56 px line
// drawings in the text's colour, decorative (the heading says the same in words).
import type { ReactNode } from 'react';

function Mark({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="56"
      height="56"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A circle with a bar: no entry (403). */
export function NoEntryMark() {
  return (
    <Mark>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M7.5 12h9" />
    </Mark>
  );
}

/** A warning triangle (500). */
export function WarningMark() {
  return (
    <Mark>
      <path d="M10.3 4.3 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.3a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9.5v4M12 17h.01" />
    </Mark>
  );
}

/** A traffic cone: still being built (501). */
export function ConeMark() {
  return (
    <Mark>
      <path d="M10.5 4h3l4.5 14.5H6L10.5 4Z" />
      <path d="M8.6 10h6.8M7.4 14h9.2M3.5 18.5h17" />
    </Mark>
  );
}

/** A cloud with a slash: the sign-in service did not answer. */
export function OfflineMark() {
  return (
    <Mark>
      <path d="M7.5 18.5h9.75a3.75 3.75 0 0 0 .6-7.45A5.5 5.5 0 0 0 8.1 8.6 4.5 4.5 0 0 0 7.5 18.5Z" />
      <path d="M4 4l16 16" />
    </Mark>
  );
}

/** A lab flask: the platform's research pages. */
export function FlaskMark() {
  return (
    <Mark>
      <path d="M9 3h6M10 3v6l-5.5 9.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3M7.5 15h9" />
    </Mark>
  );
}
