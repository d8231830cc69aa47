import { useIntl } from 'react-intl';
import { PageHeading } from '../../ui/PageHeading';
import { errorMessages } from './messages';

/** 403 page; by the spec it has no primary button. */
export default function ForbiddenPage() {
  const intl = useIntl();
  return (
    <section className="page page--message">
      <PageHeading>{intl.formatMessage(errorMessages.forbiddenTitle)}</PageHeading>
      <p>{intl.formatMessage(errorMessages.forbiddenText)}</p>
    </section>
  );
}
