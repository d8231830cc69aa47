// A link of an activity to a page of another site (a discussion thread, a meeting room): a new
// tab that cannot reach back to the portal, marked with an icon and, for screen readers, words.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { activityMessages } from '../messages';

interface Props {
  href: string;
  className?: string;
  children: ReactNode;
}

export function ExternalLink({ href, className, children }: Props) {
  const intl = useIntl();
  return (
    <a
      className={className ? `external-link ${className}` : 'external-link'}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      <svg
        className="external-link__icon"
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M9 2.5h4.5V7M13.5 2.5 7 9M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {/* A space of its own between the words: a name is not glued to the note. */}{' '}
      <span className="visually-hidden">{intl.formatMessage(activityMessages.opensInNewTab)}</span>
    </a>
  );
}
