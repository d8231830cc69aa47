import { useIntl } from 'react-intl';
import { PageHeading } from '../../ui/PageHeading';
import { profileMessages } from './messages';

/** Placeholder until the profile screen is built. */
export default function ProfilePage() {
  const intl = useIntl();
  return (
    <section className="page page--message">
      <PageHeading>{intl.formatMessage(profileMessages.title)}</PageHeading>
      <p>{intl.formatMessage(profileMessages.comingSoon)}</p>
    </section>
  );
}
