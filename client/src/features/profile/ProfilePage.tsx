import { MessagePage } from '../../ui/MessagePage';
import { profileMessages } from './messages';

/** Placeholder until the profile screen is built. */
export default function ProfilePage() {
  return <MessagePage title={profileMessages.title} text={profileMessages.comingSoon} />;
}
