// HTML from the LMS (About, text activities) is never trusted. A dedicated DOMPurify instance
// keeps markup and drops everything that runs or restyles: scripts, inline handlers, `style`
// (attribute and element), `javascript:`/`data:` script URLs, forms, and app class names. The
// hooks below add what DOMPurify leaves to us: new-window links get `rel="noopener noreferrer"`,
// iframes only load http(s) pages (sandboxed, with a fixed permission list), `data:` URLs only
// as images, and ids (and the in-page links to them) get a prefix so content can never take an
// id of the app (`#main` of the skip link, for instance).
import DOMPurify, { type Config } from 'dompurify';

/** Prefix of every id from the content (GitHub does the same with `user-content-`). */
export const ID_PREFIX = 'user-content-';

/** Classes the LMS uses to mark behaviours (toggles, attachments) or editor alignment; every other class is dropped. */
const KEPT_CLASS =
  /^(toggle|toggle-title|toggle-content|toggle__title|toggle__content|collapsible|collapsible-title|collapsible-content|attachment|file-attachment|ql-align-(center|right|justify)|ql-indent-[1-8])$/;

/** `data:` URLs that may stay: raster and SVG images, on image sources only. */
const DATA_IMAGE = /^data:image\/(png|gif|jpe?g|webp|avif|svg\+xml)[;,]/i;

/** Features an embedded frame may ask for, whatever the content's `allow` says. */
const IFRAME_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen';

/** Attributes that point at an id of the same document. */
const ID_REFERENCES = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant'];

const config: Config = {
  USE_PROFILES: { html: true },
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'target', 'data-toggle', 'data-toggle-title', 'data-attachment', 'data-open'],
  FORBID_TAGS: [
    'style',
    'link',
    'base',
    'meta',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'object',
    'embed',
    'frame',
    'frameset',
    'portal',
  ],
  FORBID_ATTR: [
    'style',
    'srcdoc',
    'srcset',
    'background',
    'formaction',
    'action',
    'ping',
    'for',
    'name',
    'sandbox',
    'tabindex',
    'contenteditable',
  ],
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** The page's address, the base of relative URLs. */
function pageUrl(): string {
  return typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
}

/** `raw` as an absolute URL against this page, or null when it does not parse. */
export function resolveUrl(raw: string | null | undefined, base: string = pageUrl()): URL | null {
  if (!raw) return null;
  try {
    return new URL(raw.trim(), base);
  } catch {
    return null;
  }
}

function isHttp(url: URL | null): url is URL {
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function keepUrl(element: Element, name: string, allowDataImage: boolean): void {
  const value = element.getAttribute(name);
  if (value === null) return;
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed)) {
    if (!(allowDataImage && DATA_IMAGE.test(trimmed))) element.removeAttribute(name);
    return;
  }
  const url = resolveUrl(trimmed);
  // Only web, mail and phone links (and relative ones, which resolve to this page's scheme).
  if (!url || !['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol)) element.removeAttribute(name);
}

function hardenIframe(element: Element): void {
  const url = resolveUrl(element.getAttribute('src'));
  if (!isHttp(url)) {
    element.remove();
    return;
  }
  element.setAttribute('src', url.href);
  const sameOrigin = url.origin === new URL(pageUrl()).origin;
  // A page of this origin runs in an opaque origin (no allow-same-origin): its script cannot
  // reach the portal's cookies, storage or DOM. Other sites keep their own origin (players need
  // it and script). No frame may navigate the portal (no allow-top-navigation).
  element.setAttribute(
    'sandbox',
    sameOrigin
      ? 'allow-scripts allow-presentation allow-popups allow-popups-to-escape-sandbox'
      : 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox',
  );
  element.setAttribute('allow', IFRAME_ALLOW);
  element.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  element.removeAttribute('frameborder');
}

function hardenLink(element: Element): void {
  const target = element.getAttribute('target');
  if (target === null) return;
  if (target === '_self' || target === '') {
    element.removeAttribute('target');
    return;
  }
  // Any other target opens another browsing context: make it a new window that cannot reach
  // back to the portal (window.opener) nor learn its address.
  element.setAttribute('target', '_blank');
  element.setAttribute('rel', 'noopener noreferrer');
}

function prefixIds(element: Element): void {
  const id = element.getAttribute('id');
  if (id !== null) {
    if (/^[A-Za-z0-9_:.-]{1,100}$/.test(id)) element.setAttribute('id', `${ID_PREFIX}${id}`);
    else element.removeAttribute('id');
  }
  for (const name of ID_REFERENCES) {
    const value = element.getAttribute(name);
    if (value !== null) {
      element.setAttribute(
        name,
        value
          .split(/\s+/)
          .filter(Boolean)
          .map((ref) => `${ID_PREFIX}${ref}`)
          .join(' '),
      );
    }
  }
  const href = element.tagName === 'A' ? element.getAttribute('href') : null;
  if (href && href.startsWith('#') && href.length > 1) element.setAttribute('href', `#${ID_PREFIX}${href.slice(1)}`);
}

function keepMarkerClasses(element: Element): void {
  const value = element.getAttribute('class');
  if (value === null) return;
  const kept = value.split(/\s+/).filter((name) => KEPT_CLASS.test(name));
  if (kept.length) element.setAttribute('class', kept.join(' '));
  else element.removeAttribute('class');
}

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const element = node;
    if (!element.tagName) return;
    const tag = element.tagName.toLowerCase();
    keepMarkerClasses(element);
    prefixIds(element);
    if (tag === 'iframe') {
      hardenIframe(element);
      return;
    }
    const images = tag === 'img' || tag === 'source' || tag === 'video';
    for (const name of ['href', 'src', 'poster', 'cite', 'longdesc', 'xlink:href'])
      keepUrl(element, name, images && name !== 'href');
    if (tag === 'a') hardenLink(element);
  });
  purifier = p;
  return p;
}

/** Sanitised HTML, safe to set as innerHTML. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false });
}

/** Sanitised content as a fragment of this document, for RichContent to turn into React elements. */
export function sanitizeToFragment(html: string): DocumentFragment {
  return instance().sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
}
