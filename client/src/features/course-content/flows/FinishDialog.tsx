// The finish dialogs of a module or a course (spec section 2 'Dialogs'): what is still open
// (mandatory or optional activities incomplete, scores below passing that can be improved),
// then keep learning or finish anyway. Focus is trapped in the dialog and restored after.
import { FormattedMessage } from 'react-intl';
import type { FinishCheck } from '../../../api/contracts/bff';
import { flowMessages } from '../messages';
import { ConfirmDialog } from './ConfirmDialog';

/** Whether the check has anything to warn about. */
export function hasWarnings(check: FinishCheck): boolean {
  return check.incompleteMandatory > 0 || check.incompleteOptional > 0 || check.belowPassing > 0;
}

interface Props {
  kind: 'course' | 'module';
  check: FinishCheck;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

export function FinishDialog({ kind, check, isOpen, onOpenChange, onConfirm }: Props) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      title={
        <FormattedMessage {...(kind === 'course' ? flowMessages.finishCourseTitle : flowMessages.finishModuleTitle)} />
      }
      cancelLabel={<FormattedMessage {...flowMessages.keepLearning} />}
      confirmLabel={<FormattedMessage {...flowMessages.finishAnyway} />}
    >
      <ul className="player-dialog__list">
        {check.incompleteMandatory > 0 && (
          <li>
            <FormattedMessage {...flowMessages.incompleteMandatory} values={{ count: check.incompleteMandatory }} />
          </li>
        )}
        {check.incompleteOptional > 0 && (
          <li>
            <FormattedMessage {...flowMessages.incompleteOptional} values={{ count: check.incompleteOptional }} />
          </li>
        )}
        {check.belowPassing > 0 && (
          <li>
            <FormattedMessage {...flowMessages.improveScore} values={{ count: check.belowPassing }} />
          </li>
        )}
      </ul>
    </ConfirmDialog>
  );
}
