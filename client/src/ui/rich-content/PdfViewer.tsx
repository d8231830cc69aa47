// The PDF viewer (its own lazy chunk): one page at a time on a canvas, with paging, zoom and a
// download link. Only files on this origin are loaded (a storage file comes through the
// gateway's file proxy, spec section 5); failures show the texts of spec section 8: 401 'please
// log in', 403 'no permission', else 'failed'.
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ChevronIcon, MinusIcon, PlusIcon } from './icons';
import { richContentMessages as m } from './messages';
import { useLimitFocus } from './useLimitFocus';
import { loadPdfDocument, PdfLoadError, type PdfDocumentHandle, type PdfLoader } from './pdfDocument';

/** Zoom steps of the viewer, relative to the page fitted to the viewer's width. */
export const PDF_ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const FIT = 2;

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; reason: 'failed' | 'unauthorized' | 'forbidden' | 'blocked' }
  | { kind: 'ready'; doc: PdfDocumentHandle };

interface Props {
  /** The file on this origin (as `fileTarget` gives it). */
  url: string;
  loader?: PdfLoader;
}

function onThisOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

function reasonOf(error: unknown): 'failed' | 'unauthorized' | 'forbidden' {
  const status = error instanceof PdfLoadError ? error.status : undefined;
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  return 'failed';
}

export default function PdfViewer({ url, loader = loadPdfDocument }: Props) {
  const intl = useIntl();
  const allowed = onThisOrigin(url);
  const [state, setState] = useState<State>(allowed ? { kind: 'loading' } : { kind: 'failed', reason: 'blocked' });
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(FIT);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pageCount = state.kind === 'ready' ? state.doc.pageCount : 1;
  const paging = useLimitFocus(page, 1, pageCount, setPage);
  const zooming = useLimitFocus(zoom, 0, PDF_ZOOM_LEVELS.length - 1, setZoom);
  const pane = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!allowed) return undefined;
    const abort = new AbortController();
    let loaded: PdfDocumentHandle | null = null;
    setState({ kind: 'loading' });
    loader(url, abort.signal).then(
      (doc) => {
        loaded = doc;
        if (abort.signal.aborted) doc.destroy();
        else setState({ kind: 'ready', doc });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'failed', reason: reasonOf(error) });
      },
    );
    return () => {
      abort.abort();
      loaded?.destroy();
    };
  }, [url, allowed, loader]);

  useEffect(() => {
    if (state.kind !== 'ready' || !canvas.current) return;
    const { doc } = state;
    let cancelled = false;
    void (async () => {
      try {
        const width = await doc.pageWidth(page);
        const available = Math.max((pane.current?.clientWidth ?? 800) - 32, 200);
        const scale = (available / width) * (PDF_ZOOM_LEVELS[zoom] ?? 1);
        if (!cancelled && canvas.current) await doc.renderPage(page, canvas.current, scale);
      } catch {
        if (!cancelled) setState({ kind: 'failed', reason: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [state, page, zoom]);

  if (state.kind === 'loading') {
    return (
      <p className="rc-pdf__status" role="status">
        {intl.formatMessage(m.pdfLoading)}
      </p>
    );
  }
  if (state.kind === 'failed') {
    const text = {
      failed: m.pdfFailed,
      unauthorized: m.pdfUnauthorized,
      forbidden: m.pdfForbidden,
      blocked: m.pdfBlocked,
    }[state.reason];
    return (
      <p className="rc-pdf__status rc-pdf__status--error" role="alert">
        {intl.formatMessage(text)}
      </p>
    );
  }

  const count = state.doc.pageCount;
  const label = intl.formatMessage(m.pdfPage, { page, count });
  const percent = intl.formatNumber(PDF_ZOOM_LEVELS[zoom] ?? 1, { style: 'percent' });
  return (
    <div className="rc-pdf">
      <div className="rc-pdf__toolbar">
        <div className="rc-pdf__group">
          <Button
            ref={paging.down}
            className="rc-icon-button"
            onPress={() => paging.step(-1)}
            isDisabled={page <= 1}
            aria-label={intl.formatMessage(m.pdfPrevious)}
          >
            <ChevronIcon back />
          </Button>
          <span className="rc-pdf__page" aria-live="polite">
            {label}
          </span>
          <Button
            ref={paging.up}
            className="rc-icon-button"
            onPress={() => paging.step(1)}
            isDisabled={page >= count}
            aria-label={intl.formatMessage(m.pdfNext)}
          >
            <ChevronIcon />
          </Button>
        </div>
        <div className="rc-pdf__group">
          <Button
            ref={zooming.down}
            className="rc-icon-button"
            onPress={() => zooming.step(-1)}
            isDisabled={zoom === 0}
            aria-label={intl.formatMessage(m.zoomOut)}
          >
            <MinusIcon />
          </Button>
          <span className="rc-pdf__zoom" aria-live="polite">
            {intl.formatMessage(m.zoomLevel, { percent })}
          </span>
          <Button
            ref={zooming.up}
            className="rc-icon-button"
            onPress={() => zooming.step(1)}
            isDisabled={zoom === PDF_ZOOM_LEVELS.length - 1}
            aria-label={intl.formatMessage(m.zoomIn)}
          >
            <PlusIcon />
          </Button>
          <a className="rc-pdf__download" href={url} download>
            {intl.formatMessage(m.download)}
          </a>
        </div>
      </div>
      <div className="rc-pdf__pane" ref={pane} role="region" aria-label={intl.formatMessage(m.pdfPages)} tabIndex={0}>
        <canvas ref={canvas} className="rc-pdf__canvas" role="img" aria-label={label} />
      </div>
    </div>
  );
}
