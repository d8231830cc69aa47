// A collapsible section of rich content (`<details>` or an element the LMS marks as a toggle)
// as an accessible disclosure: a button with aria-expanded that shows and hides its panel.
import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ChevronIcon } from './icons';
import { richContentMessages as m } from './messages';

interface Props {
  title: ReactNode;
  defaultExpanded: boolean;
  children: ReactNode;
}

export function Toggle({ title, defaultExpanded, children }: Props) {
  const intl = useIntl();
  const empty = title === null || (Array.isArray(title) && title.length === 0);
  return (
    <Disclosure className="rc-toggle" defaultExpanded={defaultExpanded}>
      <Button slot="trigger" className="rc-toggle__trigger">
        <ChevronIcon />
        <span className="rc-toggle__title">{empty ? intl.formatMessage(m.toggleFallback) : title}</span>
      </Button>
      <DisclosurePanel className="rc-toggle__panel">{children}</DisclosurePanel>
    </Disclosure>
  );
}
