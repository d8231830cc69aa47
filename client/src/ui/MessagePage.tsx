import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { PageHeading } from './PageHeading';

interface MessagePageProps {
  /** The page heading. */
  title: MessageDescriptor;
  /** The one paragraph under it. */
  text: MessageDescriptor;
}

/** A page that only says something: a heading and one paragraph (placeholders, 403). */
export function MessagePage({ title, text }: MessagePageProps) {
  const intl = useIntl();
  return (
    <section className="page page--message">
      <PageHeading>{intl.formatMessage(title)}</PageHeading>
      <p>{intl.formatMessage(text)}</p>
    </section>
  );
}
