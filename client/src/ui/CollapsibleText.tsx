// A short text cut at about 70 characters (spec section 9) with a Show more / Hide toggle.
// The toggle is a real button with aria-expanded and aria-controls; the full text replaces the
// cut one in place, so screen readers read it once.
import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import './collapsible-text.css';

/** Description collapse point of spec section 9. */
export const COLLAPSE_AT_CHARS = 70;

const messages = defineMessages({
  showMore: {
    id: 'ui.collapsibleText.showMore',
    defaultMessage: 'Show more',
    description: 'Button under a shortened course description that shows the whole text',
  },
  hide: {
    id: 'ui.collapsibleText.hide',
    defaultMessage: 'Hide',
    description: 'Button under an expanded course description that shortens it again',
  },
});

/** The text cut at a word boundary at or before `limit` characters. */
export function cutText(text: string, limit = COLLAPSE_AT_CHARS): string {
  if (text.length <= limit) return text;
  const slice = text.slice(0, limit);
  const space = slice.lastIndexOf(' ');
  return (space > limit * 0.6 ? slice.slice(0, space) : slice).trimEnd();
}

export function CollapsibleText({ text, className }: { text: string; className?: string }) {
  const intl = useIntl();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const trimmed = text.trim();
  const long = trimmed.length > COLLAPSE_AT_CHARS;
  return (
    <div className={className ? `collapsible-text ${className}` : 'collapsible-text'}>
      <p id={id} className="collapsible-text__text">
        <bdi>{long && !expanded ? `${cutText(trimmed)}…` : trimmed}</bdi>
      </p>
      {long && (
        <button
          type="button"
          className="collapsible-text__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {intl.formatMessage(expanded ? messages.hide : messages.showMore)}
        </button>
      )}
    </div>
  );
}
