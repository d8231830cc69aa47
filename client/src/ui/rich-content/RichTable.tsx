// A table of rich content: scrollable in place (a focusable, named region, so keyboard users
// can scroll it) with a button that shows the same table in a full-screen dialog.
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { CloseIcon, ExpandIcon } from './icons';
import { richContentMessages as m } from './messages';

interface Props {
  /** The table's caption text, if it has one. */
  name: string | null;
  /** The `<table>` element. */
  children: ReactNode;
}

export function RichTable({ name, children }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const tableName = name || intl.formatMessage(m.tableFallbackName);
  return (
    <div className="rc-table">
      <div className="rc-table__bar">
        <Button
          className="rc-icon-button"
          onPress={() => setOpen(true)}
          aria-label={intl.formatMessage(m.tableOpenFullScreen)}
        >
          <ExpandIcon />
        </Button>
      </div>
      <div
        className="rc-table__scroll"
        role="region"
        aria-label={intl.formatMessage(m.tableRegion, { name: tableName })}
        tabIndex={0}
      >
        {children}
      </div>
      <ModalOverlay className="rc-overlay" isOpen={open} onOpenChange={setOpen} isDismissable>
        <Modal className="rc-fullscreen">
          <Dialog className="rc-fullscreen__dialog">
            {({ close }) => (
              <>
                <div className="rc-fullscreen__header">
                  <Heading slot="title" className="rc-fullscreen__title">
                    {intl.formatMessage(m.tableFullScreenTitle, { name: <bdi key="name">{tableName}</bdi> })}
                  </Heading>
                  <Button className="rc-icon-button" onPress={close} aria-label={intl.formatMessage(m.close)}>
                    <CloseIcon />
                  </Button>
                </div>
                <div
                  className="rc-fullscreen__body rc-table__scroll rich-content"
                  role="region"
                  aria-label={intl.formatMessage(m.tableRegion, { name: tableName })}
                  tabIndex={0}
                >
                  {children}
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
