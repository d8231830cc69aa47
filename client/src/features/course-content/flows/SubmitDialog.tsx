// The submit prompt (an alert dialog): 'If you choose submit, you will submit your results and
// will not be able to resume.' Cancel has the initial focus; Escape cancels.
import { FormattedMessage } from 'react-intl';
import { flowMessages } from '../messages';
import { ConfirmDialog } from './ConfirmDialog';

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: () => void;
}

export function SubmitDialog({ isOpen, onOpenChange, onSubmit }: Props) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onConfirm={onSubmit}
      role="alertdialog"
      title={<FormattedMessage {...flowMessages.submitTitle} />}
      cancelLabel={<FormattedMessage {...flowMessages.cancel} />}
      confirmLabel={<FormattedMessage {...flowMessages.submit} />}
    >
      <p>
        <FormattedMessage {...flowMessages.submitPrompt} />
      </p>
    </ConfirmDialog>
  );
}
