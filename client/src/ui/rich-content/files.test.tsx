import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../../test/server';
import { FILE_PROXY_PATH, fileTarget, formatFileSize, isAttachmentLink, isPdfHref } from './files';
import { renderRichContent } from './testing';

const KB = 1024;

describe('attachment size labels', () => {
  it.each([
    [0, '0B'],
    [1, '1B'],
    [1023, '1023B'],
    [KB, '1KB'],
    [1536, '1.5KB'],
    [10 * KB - 1, '10KB'],
    [851 * KB, '851KB'],
    [KB ** 2, '1MB'],
    [2.25 * KB ** 2, '2.3MB'],
    [KB ** 3, '1GB'],
    [KB ** 4, '1TB'],
    [5.5 * KB ** 4, '5.5TB'],
    [2048 * KB ** 4, '2048TB'],
  ])('%d bytes is %s', (bytes, label) => {
    expect(formatFileSize(bytes)).toBe(label);
  });

  it('reads the size through the gateway and shows it after the link', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/bff/attachment-size', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('url')!);
        return HttpResponse.json({ bytes: 1536 });
      }),
    );
    renderRichContent('<p><a href="/files/checklist.docx">Checklist</a></p>', { signedIn: true });
    expect(await screen.findByText('File size 1.5KB')).toBeInTheDocument();
    expect(screen.getByText('1.5KB')).toHaveAttribute('aria-hidden', 'true');
    expect(asked).toEqual([`${window.location.origin}/files/checklist.docx`]);
  });

  it('shows no label when the host did not say, and never asks while signed out', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/bff/attachment-size', () => {
        calls += 1;
        return HttpResponse.json({ bytes: null });
      }),
    );
    const { unmount } = renderRichContent('<a href="/files/a.zip">Archive</a>', { signedIn: true });
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.queryByText(/File size/)).toBeNull();
    unmount();
    renderRichContent('<a href="/files/b.zip">Archive</a>');
    expect(screen.getByRole('link', { name: 'Archive' })).toBeInTheDocument();
    // Nothing visible marks a request not made: give it time to be made, inside act, as the
    // page goes on settling meanwhile (its toast region mounts once the browser is idle).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toBe(1);
    expect(screen.queryByText(/File size/)).toBeNull();
  });
});

describe('file links', () => {
  it('knows PDFs and attachments', () => {
    const a = (html: string) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      return holder.firstElementChild!;
    };
    expect(isPdfHref('/files/a.PDF?x=1')).toBe(true);
    expect(isPdfHref('/files/a', 'application/pdf')).toBe(true);
    expect(isPdfHref('/files/a.pdf.html')).toBe(false);
    expect(isAttachmentLink(a('<a href="/x" download>x</a>'))).toBe(true);
    expect(isAttachmentLink(a('<a href="/x" class="attachment">x</a>'))).toBe(true);
    expect(isAttachmentLink(a('<a href="/x.xlsx">x</a>'))).toBe(true);
    expect(isAttachmentLink(a('<a href="/learn/catalog">x</a>'))).toBe(false);
  });

  it('opens this origin as it is, storage origins through the gateway, and nothing else (spec section 5)', () => {
    const origin = 'https://portal.example';
    const storage = ['https://files.example.net', 'http://127.0.0.1:9000'];
    const proxied = (url: string) => `${origin}${FILE_PROXY_PATH}?url=${encodeURIComponent(url)}`;
    expect(fileTarget('https://portal.example/a.pdf', storage, origin)).toEqual({
      kind: 'same-origin',
      url: 'https://portal.example/a.pdf',
    });
    expect(fileTarget('https://files.example.net/d/a b.pdf?sig=1&x=2#p=3', storage, origin)).toEqual({
      kind: 'storage',
      url: proxied('https://files.example.net/d/a%20b.pdf?sig=1&x=2#p=3'),
      source: 'https://files.example.net/d/a%20b.pdf?sig=1&x=2#p=3',
    });
    expect(fileTarget('https://FILES.example.net:443/a.pdf', storage, origin)).toMatchObject({
      kind: 'storage',
      source: 'https://files.example.net/a.pdf',
    });
    expect(fileTarget('http://127.0.0.1:9000/a.pdf', storage, origin).kind).toBe('storage');
    for (const blocked of [
      'http://127.0.0.1:9001/a.pdf',
      'https://127.0.0.1:9000/a.pdf',
      'http://files.example.net/a.pdf',
      'https://files.example.net:8443/a.pdf',
      'https://evil.example/a.pdf',
      'https://user:pw@files.example.net/a.pdf',
      'https://user@portal.example/a.pdf',
      'ftp://files.example.net/a.pdf',
      'https://files.example.net.evil.example/a.pdf',
      'javascript:alert(1)',
    ]) {
      expect(fileTarget(blocked, storage, origin), blocked).toEqual({ kind: 'blocked' });
    }
    expect(fileTarget('https://files.example.net/a.pdf', [], origin)).toEqual({ kind: 'blocked' });
    // The proxy address carries the link whole, so the gateway reads exactly it.
    const target = fileTarget('https://files.example.net/a.pdf?x=1&y=%2F', storage, origin);
    expect(target.kind === 'storage' && new URL(target.url).searchParams.get('url')).toBe(
      'https://files.example.net/a.pdf?x=1&y=%2F',
    );
  });

  it('blocks a PDF on another host: no link, no Open button, a note instead', () => {
    renderRichContent(
      '<p><a href="https://evil.example/guide.pdf">Guide</a> and <a href="/files/local.pdf">Local</a></p>',
    );
    expect(screen.queryByRole('link', { name: 'Guide' })).toBeNull();
    expect(screen.getByText('Guide')).toBeInTheDocument();
    expect(screen.getByText('(blocked: not on this site)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Guide in the viewer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Local' })).toHaveAttribute('href', '/files/local.pdf');
    expect(screen.getByRole('button', { name: 'Open Local in the viewer' })).toHaveTextContent('Open');
  });

  it('opens a storage PDF through the gateway and asks its size for the link as written', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/bff/attachment-size', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('url')!);
        return HttpResponse.json({ bytes: 2048 });
      }),
    );
    renderRichContent('<a href="https://files.example.net/guide.pdf" download>Guide</a>', {
      storageOrigins: ['https://files.example.net'],
      signedIn: true,
    });
    const link = screen.getByRole('link', { name: 'Guide' });
    const href = new URL(link.getAttribute('href')!, window.location.origin);
    expect(href.origin).toBe(window.location.origin);
    expect(href.pathname).toBe('/api/bff/files');
    expect(href.searchParams.get('url')).toBe('https://files.example.net/guide.pdf');
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('button', { name: 'Open Guide in the viewer' })).toBeInTheDocument();
    expect(await screen.findByText('File size 2KB')).toBeInTheDocument();
    expect(asked).toEqual(['https://files.example.net/guide.pdf']);
  });

  it('asks a visitor who is not signed in to sign in for a storage file', () => {
    renderRichContent('<a href="https://files.example.net/guide.pdf">Guide</a>', {
      storageOrigins: ['https://files.example.net'],
    });
    expect(screen.queryByRole('link', { name: 'Guide' })).toBeNull();
    expect(screen.getByText('Guide')).toBeInTheDocument();
    expect(screen.getByText('(sign in to open)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Guide in the viewer' })).toBeNull();
  });

  it('leaves ordinary links to other sites alone', () => {
    renderRichContent('<a href="https://docs.example/page" target="_blank">Docs</a>');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
