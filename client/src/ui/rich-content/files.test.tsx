import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../../test/server';
import { formatFileSize, isAllowedFileUrl, isAttachmentLink, isPdfHref } from './files';
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
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
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

  it('allows only this origin and configured storage hosts (spec section 5)', () => {
    const origin = 'https://portal.example';
    const hosts = ['files.example.net', '127.0.0.1:9000'];
    expect(isAllowedFileUrl('https://portal.example/a.pdf', hosts, origin)).toBe(true);
    expect(isAllowedFileUrl('https://FILES.example.net/a.pdf', hosts, origin)).toBe(true);
    expect(isAllowedFileUrl('http://127.0.0.1:9000/a.pdf', hosts, origin)).toBe(true);
    expect(isAllowedFileUrl('http://127.0.0.1:9001/a.pdf', hosts, origin)).toBe(false);
    expect(isAllowedFileUrl('https://evil.example/a.pdf', hosts, origin)).toBe(false);
    expect(isAllowedFileUrl('https://user:pw@files.example.net/a.pdf', hosts, origin)).toBe(false);
    expect(isAllowedFileUrl('ftp://files.example.net/a.pdf', hosts, origin)).toBe(false);
    expect(isAllowedFileUrl('https://portal.example.evil.example/a.pdf', hosts, origin)).toBe(false);
  });

  it('blocks a PDF on another host: no link, no Open button, a note instead', () => {
    renderRichContent('<p><a href="https://evil.example/guide.pdf">Guide</a> and <a href="/files/local.pdf">Local</a></p>');
    expect(screen.queryByRole('link', { name: 'Guide' })).toBeNull();
    expect(screen.getByText('Guide')).toBeInTheDocument();
    expect(screen.getByText('(blocked: not on this site)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Guide in the viewer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Local' })).toHaveAttribute('href', '/files/local.pdf');
    expect(screen.getByRole('button', { name: 'Open Local in the viewer' })).toHaveTextContent('Open');
  });

  it('allows a PDF on a configured storage host', () => {
    renderRichContent('<a href="https://files.example.net/guide.pdf">Guide</a>', { storageHosts: ['files.example.net'] });
    expect(screen.getByRole('link', { name: 'Guide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Guide in the viewer' })).toBeInTheDocument();
  });

  it('leaves ordinary links to other sites alone', () => {
    renderRichContent('<a href="https://docs.example/page" target="_blank">Docs</a>');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
