// `/platform`: where users with only research or knowledge-model features land (spec section 6).
import { MessagePage } from '../../ui/MessagePage';
import { errorMessages } from './messages';

export default function PlatformPage() {
  return <MessagePage title={errorMessages.platformTitle} text={errorMessages.platformText} />;
}
