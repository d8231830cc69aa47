import { MessagePage } from '../../ui/MessagePage';
import { errorMessages } from './messages';

/** 403 page; by the spec it has no primary button. */
export default function ForbiddenPage() {
  return <MessagePage title={errorMessages.forbiddenTitle} text={errorMessages.forbiddenText} />;
}
