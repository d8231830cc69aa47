import { useIntl } from 'react-intl';
import { PageHeading } from '../../ui/PageHeading';
import { catalogMessages } from './messages';

/** Placeholder until the catalog screen is built. */
export default function CatalogPage() {
  const intl = useIntl();
  return (
    <section className="page page--message">
      <PageHeading>{intl.formatMessage(catalogMessages.title)}</PageHeading>
      <p>{intl.formatMessage(catalogMessages.comingSoon)}</p>
    </section>
  );
}
