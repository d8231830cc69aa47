// HTML from the LMS (About, text activities) is never trusted: DOMPurify keeps markup and drops
// scripts, inline handlers and javascript: URLs before anything reaches the document.
import DOMPurify from 'dompurify';

/** Sanitised HTML, safe to set as innerHTML. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
