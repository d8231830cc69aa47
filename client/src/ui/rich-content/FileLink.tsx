// File links of rich content. An allowed link (this origin, or a storage origin read through the
// gateway's file proxy: spec section 5) keeps its anchor, gets its size label (read through the
// gateway while signed in) and, for a PDF, an Open button with the viewer. Any other PDF or
// attachment link is blocked: its text stays, without the link (a storage link shown signed
// out says to sign in instead).
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { useAttachmentSize } from '../../api/hooks';
import { lazyPart } from '../../app/lazyPart';
import { OptionalPart } from '../../app/OptionalPart';
import { PartUnavailable } from '../../app/PartUnavailable';
import { useRichContent } from './context';
import { formatFileSize } from './files';
import { CloseIcon, FileIcon } from './icons';
import { richContentMessages as m } from './messages';

/** The viewer and pdf.js are their own chunks, loaded when a PDF is first opened (and, when they
 *  could not be fetched, at the next opening). */
const PdfViewer = lazyPart(() => import(/* webpackChunkName: "pdf-viewer" */ './PdfViewer'));

interface Props {
  anchorProps: Record<string, unknown>;
  /** Absolute address the browser reads the file at (this origin). */
  url: string;
  /** Absolute address the content gives (the size label asks the gateway for it). */
  sizeUrl: string;
  /** The link's text. */
  name: string;
  pdf: boolean;
  children: ReactNode;
}

function SizeLabel({ url }: { url: string }) {
  const intl = useIntl();
  const { canReadSizes } = useRichContent();
  const { data } = useAttachmentSize(canReadSizes ? url : null);
  if (data?.bytes === null || data?.bytes === undefined) return null;
  const size = formatFileSize(data.bytes, (value, options) => intl.formatNumber(value, options));
  return (
    <span className="rc-file__size">
      <span aria-hidden="true">{size}</span>
      <span className="visually-hidden">{intl.formatMessage(m.fileSize, { size })}</span>
    </span>
  );
}

export function PdfViewerDialog({ url, name, onClose }: { url: string; name: string; onClose: () => void }) {
  const intl = useIntl();
  return (
    <ModalOverlay className="rc-overlay" isOpen onOpenChange={(open) => !open && onClose()} isDismissable>
      <Modal className="rc-fullscreen rc-fullscreen--pdf">
        <Dialog className="rc-fullscreen__dialog">
          {({ close }) => (
            <>
              <div className="rc-fullscreen__header">
                <Heading slot="title" className="rc-fullscreen__title">
                  {intl.formatMessage(m.pdfTitle, { name })}
                </Heading>
                <Button className="rc-icon-button" onPress={close} aria-label={intl.formatMessage(m.close)}>
                  <CloseIcon />
                </Button>
              </div>
              <OptionalPart
                fallback={
                  <p className="rc-pdf__status" role="status">
                    {intl.formatMessage(m.pdfLoading)}
                  </p>
                }
                failure={<PartUnavailable />}
              >
                <PdfViewer url={url} />
              </OptionalPart>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export function FileLink({ anchorProps, url, sizeUrl, name, pdf, children }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <span className="rc-file">
      <FileIcon />
      <a {...anchorProps}>{children}</a>
      <SizeLabel url={sizeUrl} />
      {pdf && (
        <Button
          className="rc-file__open"
          onPress={() => setOpen(true)}
          aria-label={intl.formatMessage(m.openPdfLabel, { name })}
        >
          {intl.formatMessage(m.openPdf)}
        </Button>
      )}
      {open && <PdfViewerDialog url={url} name={name} onClose={() => setOpen(false)} />}
    </span>
  );
}

export function BlockedFileLink({
  reason = 'elsewhere',
  children,
}: {
  reason?: 'elsewhere' | 'signIn';
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <span className="rc-file rc-file--blocked">
      <span>{children}</span>{' '}
      <span className="rc-file__blocked">{intl.formatMessage(reason === 'signIn' ? m.signInLink : m.blockedLink)}</span>
    </span>
  );
}
