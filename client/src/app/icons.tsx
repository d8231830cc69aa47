// Icons of the shell: decorative (aria-hidden), drawn with currentColor so they follow the text.
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const HomeIcon = () => (
  <Icon>
    <path {...stroke} d="M3 11.5 12 4l9 7.5M5.5 10v10h5v-6h3v6h5V10" />
  </Icon>
);
export const BookIcon = () => (
  <Icon>
    <path
      {...stroke}
      d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15ZM4 20.5A2.5 2.5 0 0 0 6.5 21H20"
    />
  </Icon>
);
export const GridIcon = () => (
  <Icon>
    <path {...stroke} d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />
  </Icon>
);
export const FlaskIcon = () => (
  <Icon>
    <path {...stroke} d="M9 3h6M10 3v6l-5.5 9.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3M7.5 15h9" />
  </Icon>
);
export const NetworkIcon = () => (
  <Icon>
    <path {...stroke} d="M12 5v5M7 19l4-8M17 19l-4-8" />
    <circle {...stroke} cx="12" cy="4" r="2" />
    <circle {...stroke} cx="6" cy="20" r="2" />
    <circle {...stroke} cx="18" cy="20" r="2" />
  </Icon>
);
export const DoorIcon = () => (
  <Icon>
    <path {...stroke} d="M5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17M3 21h18M15 12h.01" />
  </Icon>
);
export const CalendarIcon = () => (
  <Icon>
    <path
      {...stroke}
      d="M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6ZM4 10h16M8 2v4M16 2v4"
    />
  </Icon>
);
export const PuzzleIcon = () => (
  <Icon>
    <path
      {...stroke}
      d="M10 4a2 2 0 1 1 4 0v1h4a1 1 0 0 1 1 1v4h-1a2 2 0 1 0 0 4h1v4a1 1 0 0 1-1 1h-4v-1a2 2 0 1 0-4 0v1H6a1 1 0 0 1-1-1v-4h1a2 2 0 1 0 0-4H5V6a1 1 0 0 1 1-1h4V4Z"
    />
  </Icon>
);
export const ExitIcon = () => (
  <Icon>
    <path {...stroke} d="M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5M10 16l-4-4 4-4M6 12h10" />
  </Icon>
);
export const MenuIcon = () => (
  <Icon>
    <path {...stroke} d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);
export const CloseIcon = () => (
  <Icon>
    <path {...stroke} d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const ChevronIcon = () => (
  <Icon>
    <path {...stroke} className="icon--flip" d="m9 6 6 6-6 6" />
  </Icon>
);
export const GlobeIcon = () => (
  <Icon>
    <circle {...stroke} cx="12" cy="12" r="9" />
    <path {...stroke} d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Icon>
);
export const UserIcon = () => (
  <Icon>
    <circle {...stroke} cx="12" cy="8" r="4" />
    <path {...stroke} d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);
export const WarningIcon = () => (
  <Icon>
    <path {...stroke} d="M12 3 2 20h20L12 3ZM12 10v4M12 17h.01" />
  </Icon>
);
