// The LTI resource form, submitted where the display mode says and never rendered by the page:
// the form element is built with DOM APIs from the gateway's launch data (no HTML from the
// platform reaches any document), submitted at once and removed.
//
// - Embedded (EmbeddedAuto, EmbeddedCustom): the form targets the named iframe and lives in the
//   portal's document only for the instant of `submit()` (same task: it is never painted).
// - Fullscreen: a new window is opened synchronously in the click (so no pop-up blocker stops
//   it), the form is built in that window's own about:blank document and submitted there. The
//   portal's document never holds it. The window's `opener` is cut before the tool loads, so the
//   tool (another origin) cannot navigate the portal's tab.
import type { LtiLaunchForm } from '../../../api/contracts/bff';

/** The form element for a launch, in `doc`, targeting `target`. */
export function buildLaunchForm(doc: Document, form: LtiLaunchForm, target: string): HTMLFormElement {
  const element = doc.createElement('form');
  element.method = form.method.toUpperCase() === 'GET' ? 'get' : 'post';
  element.action = form.action;
  element.target = target;
  element.hidden = true;
  for (const field of form.fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    element.appendChild(input);
  }
  return element;
}

/** Submits the form in `doc` into `target` and removes it again. */
export function submitLaunchForm(doc: Document, form: LtiLaunchForm, target: string): void {
  const element = buildLaunchForm(doc, form, target);
  doc.body.appendChild(element);
  try {
    element.submit();
  } finally {
    element.remove();
  }
}

/** The name of the iframe (or window) of one activity's launch. */
export function launchTargetName(activityKey: string): string {
  return `lti-${activityKey.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** Opens the (empty) launch window; must run inside the click that asked for it. */
export function openLaunchWindow(name: string): Window | null {
  return window.open('about:blank', name);
}

/** Submits the launch into a window opened by [`openLaunchWindow`], cutting its opener first. */
export function submitIntoWindow(popup: Window, form: LtiLaunchForm): void {
  submitLaunchForm(popup.document, form, '_self');
  try {
    popup.opener = null;
  } catch {
    // Some browsers refuse; the tool then keeps a reference it cannot use across origins.
  }
}

/** True when `win` (an iframe's or a window's) shows this portal's tool callback page. */
export function showsToolCallback(win: Window | null | undefined): boolean {
  try {
    return (
      !!win && win.location.origin === window.location.origin && win.location.pathname.endsWith('/lti-tool-callback')
    );
  } catch {
    // Another origin (the tool): not back yet.
    return false;
  }
}
