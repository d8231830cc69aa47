// PDF and attachment links of rich content: which links they are, whether they may be opened
// here (spec section 5: same-origin or configured storage-host links only; others are
// blocked), and the size label (spec section 9: '0B' for an empty file, units B to TB).
import { resolveUrl } from './sanitize';

/** File types an attachment link points at (by the path's extension). */
const FILE_EXTENSION = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|csv|zip|7z|rar|gz|tar|mp3|wav|mp4|mov|epub|key|pages|numbers)$/i;

/** Whether `href` (as written in the content) names a PDF. */
export function isPdfHref(href: string, type?: string | null): boolean {
  if (type && type.toLowerCase() === 'application/pdf') return true;
  const url = resolveUrl(href);
  return url !== null && /\.pdf$/i.test(url.pathname);
}

/**
 * Whether an anchor is an attachment: the LMS marks it (`download`, class `attachment` or
 * `file-attachment`, `data-attachment`) or it points at a file type.
 */
export function isAttachmentLink(anchor: Element): boolean {
  const href = anchor.getAttribute('href');
  if (!href) return false;
  if (anchor.hasAttribute('download') || anchor.hasAttribute('data-attachment')) return true;
  if (anchor.classList.contains('attachment') || anchor.classList.contains('file-attachment')) return true;
  const url = resolveUrl(href);
  return url !== null && FILE_EXTENSION.test(url.pathname);
}

/**
 * Spec section 5: a file link may be opened (PDF viewer) or measured (size label) only on this
 * origin or on a configured storage host (`host` or `host:port`, compared without case).
 */
export function isAllowedFileUrl(href: string, storageHosts: readonly string[], origin: string = window.location.origin): boolean {
  const url = resolveUrl(href);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  if (url.username || url.password) return false;
  if (url.origin === origin) return true;
  const host = url.host.toLowerCase();
  return storageHosts.some((allowed) => allowed.toLowerCase() === host);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size label: '0B', '512B', '1.5KB' ... up to TB (1024 steps, one decimal below 10, no grouping). */
export function formatFileSize(bytes: number, formatNumber: (value: number, options: Intl.NumberFormatOptions) => string = (v, o) => new Intl.NumberFormat('en-US', o).format(v)): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `${formatNumber(0, { useGrouping: false })}B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${formatNumber(value, { maximumFractionDigits: digits, useGrouping: false })}${UNITS[unit]}`;
}
