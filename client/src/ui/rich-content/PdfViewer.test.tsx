import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from '../../test/server';
import { loadPdfDocument, PdfLoadError, type PdfDocumentHandle, type PdfLoader } from './pdfDocument';
import PdfViewer from './PdfViewer';
import { Providers, renderRichContent } from './testing';

vi.mock('./pdfDocument', async (original) => {
  const actual = await original<typeof import('./pdfDocument')>();
  return { ...actual, loadPdfDocument: vi.fn(actual.loadPdfDocument) };
});

const here = () => window.location.origin;

function fakeDocument(pageCount = 3): PdfDocumentHandle {
  return {
    pageCount,
    pageWidth: vi.fn(() => Promise.resolve(595)),
    renderPage: vi.fn(() => Promise.resolve()),
    destroy: vi.fn(),
  };
}

function renderViewer(loader: PdfLoader, url = `${here()}/files/guide.pdf`) {
  return render(
    <Providers>
      <PdfViewer url={url} loader={loader} />
    </Providers>,
  );
}

describe('PDF viewer messages (spec section 8)', () => {
  it.each([
    [new PdfLoadError(401), 'Please log in to view this file'],
    [new PdfLoadError(403), 'You do not have permission to view this file'],
    [new PdfLoadError(404), 'Failed to load PDF'],
    [new PdfLoadError(500), 'Failed to load PDF'],
    [new PdfLoadError(), 'Failed to load PDF'],
    [new Error('worker crashed'), 'Failed to load PDF'],
  ])('%s shows "%s"', async (error, text) => {
    renderViewer(vi.fn(() => Promise.reject(error)));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('refuses a PDF on another host without loading it (spec section 5)', async () => {
    const loader = vi.fn(() => Promise.resolve(fakeDocument()));
    renderViewer(loader, 'https://evil.example/guide.pdf');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not on this site or an approved storage host',
    );
    expect(loader).not.toHaveBeenCalled();
  });

  it('refuses a storage address given as it is: storage files come through the gateway', async () => {
    const loader = vi.fn(() => Promise.resolve(fakeDocument(1)));
    renderViewer(loader, 'https://files.example.net/guide.pdf');
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not on this site');
    expect(loader).not.toHaveBeenCalled();
  });

  it('shows the pages one at a time with paging, zoom and a download link', async () => {
    const user = userEvent.setup();
    const doc = fakeDocument(3);
    renderViewer(vi.fn(() => Promise.resolve(doc)));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Page 1 of 3' }).tagName).toBe('CANVAS');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(doc.renderPage).toHaveBeenLastCalledWith(2, expect.any(HTMLCanvasElement), expect.any(Number));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('Zoom 125%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `${here()}/files/guide.pdf`);
  });
});

describe('the PDF loader', () => {
  it.each([401, 403, 500])('reports a %d answer with its status', async (status) => {
    server.use(http.get('*/files/secret.pdf', () => new HttpResponse(null, { status })));
    const failure = loadPdfDocument(`${here()}/files/secret.pdf`, new AbortController().signal);
    await expect(failure).rejects.toBeInstanceOf(PdfLoadError);
    await expect(failure).rejects.toMatchObject({ status });
  });

  it.each([
    [401, 'file_unauthorized'],
    [403, 'file_forbidden'],
    [404, 'not_found'],
  ])('reads the file proxy as an API call and reports its %d problem', async (status, error) => {
    const headers: (string | null)[] = [];
    server.use(
      http.get('*/api/bff/files', ({ request }) => {
        headers.push(request.headers.get('x-requested-with'));
        return HttpResponse.json(
          { error, status },
          { status, headers: { 'content-type': 'application/problem+json' } },
        );
      }),
    );
    const url = `${here()}/api/bff/files?url=${encodeURIComponent('https://files.example.net/a.pdf')}`;
    const failure = loadPdfDocument(url, new AbortController().signal);
    await expect(failure).rejects.toMatchObject({ status });
    expect(headers).toEqual(['XMLHttpRequest']);
  });
});

describe('Open button of a PDF link', () => {
  it('opens the viewer in a dialog, loading the PDF lazily, and closes it', async () => {
    vi.mocked(loadPdfDocument).mockImplementation(() => Promise.resolve(fakeDocument(2)));
    const { user } = renderRichContent('<p><a href="/files/guide.pdf">Safety guide</a></p>');
    await user.click(screen.getByRole('button', { name: 'Open Safety guide in the viewer' }));
    const dialog = screen.getByRole('dialog', { name: 'Safety guide (PDF)' });
    expect(await within(dialog).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(loadPdfDocument).toHaveBeenCalledWith(`${here()}/files/guide.pdf`, expect.any(AbortSignal));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a storage PDF through the gateway file proxy', async () => {
    vi.mocked(loadPdfDocument).mockImplementation(() => Promise.resolve(fakeDocument(1)));
    // Signed in, the link's size label asks the gateway about the storage file.
    const sized: string[] = [];
    server.use(
      http.get('*/api/bff/attachment-size', ({ request }) => {
        sized.push(new URL(request.url).searchParams.get('url')!);
        return HttpResponse.json({ bytes: 2.25 * 1024 ** 2 });
      }),
    );
    const { user } = renderRichContent('<a href="https://files.example.net/guide.pdf">Safety guide</a>', {
      storageOrigins: ['https://files.example.net'],
      signedIn: true,
    });
    expect(await screen.findByText('File size 2.3MB')).toBeInTheDocument();
    expect(sized).toEqual(['https://files.example.net/guide.pdf']);
    await user.click(screen.getByRole('button', { name: 'Open Safety guide in the viewer' }));
    expect(await within(screen.getByRole('dialog')).findByText('Page 1 of 1')).toBeInTheDocument();
    const proxied = `${here()}/api/bff/files?url=${encodeURIComponent('https://files.example.net/guide.pdf')}`;
    expect(loadPdfDocument).toHaveBeenCalledWith(proxied, expect.any(AbortSignal));
  });

  it('shows the 403 message in the dialog', async () => {
    vi.mocked(loadPdfDocument).mockImplementation(() => Promise.reject(new PdfLoadError(403)));
    const { user } = renderRichContent('<a href="/files/guide.pdf">Safety guide</a>');
    await user.click(screen.getByRole('button', { name: 'Open Safety guide in the viewer' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'You do not have permission to view this file',
    );
  });
});
