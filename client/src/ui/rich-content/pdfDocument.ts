// Loads a PDF for the viewer: the file is fetched here (so 401 and 403 are known, spec section
// 8), then read by pdf.js, imported on first use as its own chunk. The worker is a file of the
// build (webpack emits it from the `new URL(..., import.meta.url)` below), never a CDN.

/** A loaded PDF the viewer can draw. */
export interface PdfDocumentHandle {
  pageCount: number;
  /** Draws page `page` (1-based) into `canvas` at `scale` CSS pixels per PDF point. */
  renderPage: (page: number, canvas: HTMLCanvasElement, scale: number) => Promise<void>;
  /** The width of page `page` in PDF points, to fit it to the viewer. */
  pageWidth: (page: number) => Promise<number>;
  destroy: () => void;
}

/** Why a PDF could not be shown: its HTTP status, or none for any other failure. */
export class PdfLoadError extends Error {
  readonly status: number | undefined;

  constructor(status?: number, cause?: unknown) {
    super(status ? `PDF request failed with status ${status}` : 'PDF could not be read', { cause });
    this.name = 'PdfLoadError';
    this.status = status;
  }
}

/** How the viewer gets a document (tests pass their own). */
export type PdfLoader = (url: string, signal: AbortSignal) => Promise<PdfDocumentHandle>;

type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
    return lib;
  });
  return pdfjs;
}

export const loadPdfDocument: PdfLoader = async (url, signal) => {
  const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      credentials: 'same-origin',
      // The gateway wants this header on /api/** (a custom header would make other hosts
      // answer a preflight first, so only here).
      headers: sameOrigin
        ? { Accept: 'application/pdf', 'X-Requested-With': 'XMLHttpRequest' }
        : { Accept: 'application/pdf' },
    });
  } catch (error) {
    throw new PdfLoadError(undefined, error);
  }
  if (!response.ok) throw new PdfLoadError(response.status);
  const data = new Uint8Array(await response.arrayBuffer());
  try {
    const lib = await loadPdfJs();
    const doc = await lib.getDocument({ data, isEvalSupported: false, useSystemFonts: true }).promise;
    return {
      pageCount: doc.numPages,
      pageWidth: async (page) => (await doc.getPage(page)).getViewport({ scale: 1 }).width,
      renderPage: async (page, canvas, scale) => {
        const pdfPage = await doc.getPage(page);
        const ratio = window.devicePixelRatio || 1;
        const viewport = pdfPage.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const context = canvas.getContext('2d');
        if (!context) throw new PdfLoadError();
        await pdfPage.render({ canvasContext: context, viewport }).promise;
      },
      destroy: () => void doc.destroy(),
    };
  } catch (error) {
    if (error instanceof PdfLoadError) throw error;
    throw new PdfLoadError(undefined, error);
  }
};
