// PDF and attachment links of rich content: which links they are, how they are opened (spec
// section 5: same-origin links as they are, storage links through the gateway, others
// blocked), and the size label (spec section 9: '0B' for an empty file, units B to TB).
import { resolveUrl } from './sanitize';

/** File types an attachment link points at (by the path's extension). */
const FILE_EXTENSION =
  /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|csv|zip|7z|rar|gz|tar|mp3|wav|mp4|mov|epub|key|pages|numbers)$/i;

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

/** The gateway's file proxy: it reads a file of a storage origin for the signed-in learner. */
export const FILE_PROXY_PATH = '/api/bff/files';

/** How a PDF or attachment link of rich content is opened (spec section 5). */
export type FileTarget =
  /** On this origin: the browser reads it itself. */
  | { kind: 'same-origin'; url: string }
  /** On a storage origin: read through the gateway; `source` is the link as written (absolute). */
  | { kind: 'storage'; url: string; source: string }
  /** Anywhere else: not opened. */
  | { kind: 'blocked' };

/**
 * Spec section 5: only same-origin or storage links are opened. A link on one of the tenant's
 * storage origins (`scheme://host[:port]`, compared exactly: the browser cannot read that
 * storage with the learner's session) becomes the gateway's file proxy address; a link on
 * this origin stays; any other (another origin, user info, not http or https) is blocked.
 */
export function fileTarget(
  href: string,
  storageOrigins: readonly string[],
  origin: string = window.location.origin,
): FileTarget {
  const url = resolveUrl(href);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { kind: 'blocked' };
  if (url.username || url.password) return { kind: 'blocked' };
  if (url.origin === origin) return { kind: 'same-origin', url: url.href };
  if (!storageOrigins.includes(url.origin)) return { kind: 'blocked' };
  const proxied = `${FILE_PROXY_PATH}?${new URLSearchParams({ url: url.href }).toString()}`;
  return { kind: 'storage', url: new URL(proxied, origin).href, source: url.href };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size label: '0B', '512B', '1.5KB' ... up to TB (1024 steps, one decimal below 10, no grouping). */
export function formatFileSize(
  bytes: number,
  formatNumber: (value: number, options: Intl.NumberFormatOptions) => string = (v, o) =>
    new Intl.NumberFormat('en-US', o).format(v),
): string {
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
