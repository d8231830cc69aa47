// A heading of rich content with an id: a small button beside it copies the link to that
// section (toast 'Link copied to clipboard', spec section 8).
import { createElement, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { showToast } from '../toasts';
import { LinkIcon } from './icons';
import { richContentMessages as m } from './messages';

interface Props {
  level: 2 | 3;
  headingProps: Record<string, unknown>;
  /** The heading's text, for the button's name. */
  name: string;
  children: ReactNode;
}

/** The address of this page with `id` as its fragment. */
export function sectionUrl(id: string, here: Location = window.location): string {
  return `${here.origin}${here.pathname}${here.search}#${encodeURIComponent(id)}`;
}

export function AnchorHeading({ level, headingProps, name, children }: Props) {
  const intl = useIntl();
  const id = String(headingProps.id);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sectionUrl(id));
      showToast(intl.formatMessage(m.linkCopied), 'success');
    } catch {
      showToast(intl.formatMessage(m.linkNotCopied), 'critical');
    }
  };
  return (
    <div className="rc-heading">
      {createElement(`h${level}`, headingProps, children)}
      <Button
        className="rc-heading__copy"
        onPress={() => void copy()}
        aria-label={intl.formatMessage(m.copyHeadingLink, { name })}
      >
        <LinkIcon />
      </Button>
    </div>
  );
}
