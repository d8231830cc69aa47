// The embedding side of the learner portal's sign-in round trip (docs/embedding.md):
//
//   1. the portal, framed here, posts {type: 'learner-portal:relogin', loginUrl} when its
//      session has ended;
//   2. this page opens loginUrl (on the portal's origin, with &parentOrigin=<this origin>) in a
//      popup, because identity providers refuse to be framed;
//   3. after the sign-in the popup posts {type: 'learner-portal:signed-in', code} to this page
//      and closes;
//   4. this page forwards {type: 'learner-portal:session-restored', code} to the frame, which
//      exchanges the one-time code for its own session and carries on where it was.
//
// To use it on your site: change DEFAULT_PORTAL_URL (or pass ?src=), and add this page's origin
// to the tenant's `ui.parent_origins` (the portal refuses to be framed by, or to talk to, any
// other origin). No framework and no build step: copy the two files.

/** The portal to frame; `?src=<address>` overrides it (the browser tests use that). */
const DEFAULT_PORTAL_URL = 'http://localhost:8080/learn/';

const RELOGIN = 'learner-portal:relogin';
const SIGNED_IN = 'learner-portal:signed-in';
const SESSION_RESTORED = 'learner-portal:session-restored';

const portalUrl = new URL(new URLSearchParams(window.location.search).get('src') || DEFAULT_PORTAL_URL, window.location.href);
// Every message is checked against this origin, and every message sent names it as target:
// never '*', which would hand the one-time code to whatever page the frame shows.
const portalOrigin = portalUrl.origin;

const frame = document.getElementById('portal');
const signInButton = document.getElementById('sign-in');
const status = document.getElementById('status');
const log = document.getElementById('log');

/** The sign-in address of the pending request (null when none is pending). */
let signInUrl = null;
/** The sign-in popup, once opened: only it may answer with a code. */
let popup = null;

/** Adds a line to the message log on the page (codes are secrets: only their start is shown). */
function record(direction, origin, data) {
  const shown = { ...data };
  if (typeof shown.code === 'string') shown.code = `${shown.code.slice(0, 4)}…`;
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${direction} ${origin}: ${JSON.stringify(shown)}`;
  log.append(item);
}

function setStatus(text, showButton) {
  status.textContent = text;
  signInButton.hidden = !showButton;
}

/** Opens (or brings forward) the sign-in popup; false when the browser blocked it. */
function openSignInWindow() {
  if (popup && !popup.closed) {
    popup.focus();
    return true;
  }
  // A named, sized window: the browser opens a popup rather than a tab. Not `noopener`: the
  // sign-in page needs window.opener to post the code back here.
  popup = window.open(signInUrl, 'learner-portal-sign-in', 'popup,width=520,height=680');
  return popup !== null;
}

function startSignIn() {
  if (openSignInWindow()) {
    setStatus('Finish signing in in the window that opened, then carry on here.', true);
  } else {
    // Browsers open popups only right after a click or key press (here the frame's request may
    // come from a timer or a background call). The button is such a gesture.
    setStatus('Your browser blocked the sign-in window. Press "Sign in" to open it.', true);
  }
}

window.addEventListener('message', (event) => {
  // Only the portal's origin is listened to; anything else on the page is none of our business.
  if (event.origin !== portalOrigin) return;
  const data = event.data;
  if (!data || typeof data !== 'object') return;

  if (data.type === RELOGIN && event.source === frame.contentWindow && typeof data.loginUrl === 'string') {
    record('←', event.origin, data);
    const url = new URL(data.loginUrl, portalOrigin);
    // Open sign-in pages of the portal only, whatever the message says.
    if (url.origin !== portalOrigin) return;
    // Tells the gateway where to send the code; it does so only when this origin is configured.
    url.searchParams.set('parentOrigin', window.location.origin);
    signInUrl = url.href;
    startSignIn();
    return;
  }

  if (data.type === SIGNED_IN && popup !== null && event.source === popup && typeof data.code === 'string') {
    record('←', event.origin, data);
    const message = { type: SESSION_RESTORED, code: data.code };
    frame.contentWindow.postMessage(message, portalOrigin);
    record('→', portalOrigin, message);
    signInUrl = null;
    popup = null;
    setStatus('Signed in.', false);
  }
});

signInButton.addEventListener('click', () => {
  if (signInUrl) startSignIn();
});

frame.src = portalUrl.href;
setStatus(`Showing the learner portal from ${portalOrigin}.`, false);
