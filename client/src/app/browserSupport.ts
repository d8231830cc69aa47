// Spec section 2: a browser-support alert lists desktop Chrome, Safari and Edge and mobile
// Chrome and Safari. It shows only for a browser recognised as another one; an engine the
// user-agent string does not name is given the benefit of the doubt.

/** Browsers the portal is tested with, as the alert names them (brand names, not translated). */
export const SUPPORTED_DESKTOP = ['Chrome', 'Safari', 'Edge'] as const;
export const SUPPORTED_MOBILE = ['Chrome', 'Safari'] as const;

export type BrowserVerdict = 'supported' | 'unsupported' | 'unknown';

export function browserVerdict(userAgent: string): BrowserVerdict {
  const ua = userAgent;
  const mobile = /Mobi|Android|iPhone|iPad|iPod/i.test(ua);
  if (/Trident\/|MSIE /.test(ua)) return 'unsupported';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'unsupported';
  if (/OPR\/|Opera|SamsungBrowser\/|YaBrowser\/|UCBrowser\/|Vivaldi\//.test(ua)) return 'unsupported';
  if (/Edge\/\d/.test(ua)) return 'unsupported'; // EdgeHTML, before Chromium
  if (/EdgA\/|EdgiOS\//.test(ua)) return 'unsupported'; // Edge is supported on desktop only
  if (/Edg\//.test(ua)) return mobile ? 'unsupported' : 'supported';
  if (/CriOS\/|Chrome\/|HeadlessChrome\//.test(ua)) return 'supported';
  if (/Version\/[\d.]+.*Safari\//.test(ua)) return 'supported';
  return 'unknown';
}
