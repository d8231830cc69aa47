// The dismiss button of a shell notice. Its own chunk: see `ShellNotices`.
import { useIntl } from 'react-intl';
import { Button } from 'react-aria-components';
import { CloseIcon } from './icons';
import { appMessages } from './messages';

export default function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  const intl = useIntl();
  return (
    <Button className="shell-notice__dismiss" aria-label={intl.formatMessage(appMessages.dismiss)} onPress={onDismiss}>
      <CloseIcon />
    </Button>
  );
}
