// What shows in place of a part the learner asked for (the chat, the filters, a PDF, an LTI or
// collaborative activity) when its code cannot be fetched (the network gone, a new deploy): the
// page says why nothing opened, rather than ignoring the press or replacing the whole page with
// the error page. Reload (the page's code may have changed with a deploy), or close what was
// asked for; `OptionalPart` fetches the code again when the part is asked for again or the
// network comes back.
import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { errorMessages } from '../features/errors/messages';

interface Props {
  /** Floats where the toasts show (a panel or sheet that did not open), instead of in the flow. */
  floating?: boolean;
  /** Closes what was asked for; its button is left out without it. */
  onClose?: () => void;
  /** The close button's label. */
  closeLabel?: string;
}

export function PartUnavailable({ floating = false, onClose, closeLabel }: Props) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  // What had the focus when this showed (the button that asked for the part): closing gives it
  // back, as the part's own dialog or sheet would have, rather than dropping it to the page.
  // Floating, it takes the focus as the panel or sheet would have (it sits at the end of the
  // page, far from that button in the tab order), and Escape closes it.
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current = document.activeElement;
    if (floating) box.current?.focus();
  }, [floating]);
  const closable = Boolean(onClose && closeLabel);
  const close = useCallback(() => {
    onClose?.();
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  }, [onClose]);
  useEffect(() => {
    const element = box.current;
    if (!element || !closable) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [closable, close]);
  return (
    <div
      ref={box}
      role="alert"
      className={floating ? 'failure-box part-unavailable part-unavailable--floating' : 'failure-box part-unavailable'}
      tabIndex={floating ? -1 : undefined}
    >
      <p>{intl.formatMessage(errorMessages.textChunk)}</p>
      <div className="part-unavailable__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {intl.formatMessage(errorMessages.reload)}
        </button>
        {closable && (
          <button type="button" className="button" onClick={close}>
            {closeLabel}
          </button>
        )}
      </div>
    </div>
  );
}
