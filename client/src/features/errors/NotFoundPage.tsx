import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../ui/PageHeading';
import { errorMessages } from './messages';

export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <section className="page page--message">
      <PageHeading>{intl.formatMessage(errorMessages.notFoundTitle)}</PageHeading>
      <p>{intl.formatMessage(errorMessages.notFoundText)}</p>
      <Link className="button button--primary" to="/courses">
        {intl.formatMessage(errorMessages.backToCourses)}
      </Link>
    </section>
  );
}
