// Embedding, as an integrator would see it: the example parent page (examples/embedding-parent)
// on another site (127.0.0.1) frames the portal (localhost). The frame asks to sign in, the
// parent's popup signs in, the code goes popup -> parent -> frame -> adopt route; after the
// session ends elsewhere the frame asks again and carries on where it was; replayed, expired
// and foreign codes change nothing. Screenshots at 1280 and 390 px (en-US, ar-AR).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { launchChromium } from './chromium.js';
import { startParentPage } from './servers.js';
import {
  armed,
  assertAccessible,
  cardTexts,
  chooseLanguage,
  env,
  eventually,
  expectSignInPage,
  pickKeyword,
  recordMessages,
  screenshot,
  signIn,
  STEP_MS,
  useServers,
  withPage,
} from './support.js';

/**
 * Codes live 15 s here (60 s by default), so the expired-code case waits only a few seconds; long
 * enough that a code held through the stranger's steps (a window opened, a post, 1.5 s of
 * waiting) is still good on a slow machine.
 */
const CODE_TTL_SECS = 15;

useServers({
  extraToml: () => `
[tenants.acme]
cross_site_embedding = true

[session]
adopt_code_ttl_secs = ${CODE_TTL_SECS}
`,
});

const RELOGIN = 'learner-portal:relogin';
const SIGNED_IN = 'learner-portal:signed-in';
const SESSION_RESTORED = 'learner-portal:session-restored';

const portalOrigin = () => new URL(env.servers.portalUrl).origin;
const parentUrl = (path = 'courses') =>
  `${env.parent.origin}/?src=${encodeURIComponent(new URL(path, env.servers.portalUrl).href)}`;

/** The portal inside the parent page: a locator scope, and the frame itself (URL, evaluate). */
function portalFrame(page) {
  const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame());
  assert.ok(frame, 'the parent page has a frame');
  return { scope: page.frameLocator('#portal'), frame };
}

/** `Set-Cookie` values without their secret value: `name=…; attributes`. */
const redactCookie = (value) => value.replace(/^([^=]+)=([^;]*)/, (_, name, v) => `${name}=${v ? '…' : ''}`);

/**
 * Records, in order, the portal's answers to every window of the context (the frame, the popup,
 * other tabs) and the messages the parent receives, as the sequence the note reports.
 */
function recordSequence(page) {
  const events = [];
  const popups = new Set();
  page.on('popup', (popup) => popups.add(popup));
  const whose = (response) => {
    let frame;
    try {
      frame = response.frame();
    } catch {
      // A new window's first navigation starts before its frame exists: the popup, opening.
      return 'popup';
    }
    const owner = frame.page();
    if (owner !== page) return popups.has(owner) ? 'popup' : 'other tab';
    return frame === page.mainFrame() ? 'parent' : 'frame';
  };
  page.context().on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== portalOrigin() || !/^\/(api|oidc)\//.test(url.pathname)) return;
    const entry = { who: whose(response), what: `${response.request().method()} ${url.pathname}`, status: response.status() };
    events.push(entry);
    // Headers come later; the entry keeps its place in the order.
    entry.headersRead = response.headersArray().then((headers) => {
      const cookies = headers.filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => redactCookie(h.value));
      if (cookies.length) entry.setCookie = cookies;
    }, () => undefined);
  });
  return events;
}

/** Waits until the headers of every recorded answer are read. */
const headersRead = (events) => Promise.all(events.map((e) => e.headersRead));

/** The messages the parent page received so far (recorded by `recordMessages`). */
const received = (page) => page.evaluate(() => window.received.map(({ origin, data }) => ({ origin, data })));

async function messagesOfType(page, type) {
  return (await received(page)).filter((m) => m.data && m.data.type === type);
}

/** A readable line per step, for the report: codes and cookie values left out. */
function describeSequence(events, messages) {
  const lines = events.map((e) => `${e.who}: ${e.what} -> ${e.status}${e.setCookie ? ` Set-Cookie: ${e.setCookie.join(' | ')}` : ''}`);
  for (const m of messages) {
    const data = { ...m.data };
    if (data.code) data.code = `<${data.code.length} chars>`;
    lines.push(`parent received from ${m.origin}: ${JSON.stringify(data)}`);
  }
  return lines;
}

/** Opens the parent page on `path`, signs in as `user` in the popup it opens, and waits for My courses in the frame. */
async function signInThroughParent(page, { path = 'courses', user = 'ada' } = {}) {
  await recordMessages(page);
  // The popup's first address (it has gone on to the issuer by the time the test sees it).
  const logins = [];
  const onRequest = (request) => {
    const url = new URL(request.url());
    if (url.origin === portalOrigin() && url.pathname === '/oidc/login') logins.push(url);
  };
  page.context().on('request', onRequest);
  const popupOpened = armed(page.waitForEvent('popup', { timeout: 15_000 }));
  await page.goto(parentUrl(path));
  const popup = await popupOpened;
  page.context().off('request', onRequest);
  const [login] = logins;
  assert.ok(login, 'the popup opened the portal’s sign-in');
  assert.equal(login.origin, portalOrigin(), 'the popup starts on the portal');
  assert.equal(login.pathname, '/oidc/login');
  assert.equal(login.searchParams.get('parentOrigin'), env.parent.origin);
  const closed = armed(popup.waitForEvent('close', { timeout: 20_000 }));
  await signIn(popup, user);
  await closed;
  const { scope, frame } = portalFrame(page);
  await scope.getByRole('heading', { level: 1, name: 'My courses' }).waitFor({ timeout: 15_000 });
  return { scope, frame };
}

/**
 * Lets the sign-in in `popup` finish: fills the issuer's form when it shows one (after a
 * sign-out the portal asks for it), or waits while single sign-on answers at once.
 */
async function signInIfAsked(popup) {
  const closed = armed(popup.waitForEvent('close', { timeout: 20_000 }));
  const form = popup
    .waitForURL((url) => url.origin === env.servers.sandboxOrigin, { timeout: 15_000 })
    .then(() => 'form', () => 'none');
  if ((await Promise.race([closed.then(() => 'closed'), form])) === 'form') await signIn(popup);
  await closed;
}

/** Ends the shared session the way a learner would: signs out in a tab of the portal (same browser). */
async function signOutInAnotherTab(context) {
  const tab = await context.newPage();
  tab.setDefaultTimeout(STEP_MS);
  try {
    await tab.goto(new URL('courses', env.servers.portalUrl).href);
    await tab.getByRole('heading', { level: 1, name: 'My courses' }).waitFor({ timeout: 15_000 });
    await tab.getByRole('banner').getByRole('button', { expanded: false }).click();
    await tab.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
    // Signed out here and at the issuer: the portal sends the tab to the sign-in form.
    await expectSignInPage(tab);
  } finally {
    await tab.close();
  }
}

/** The frame's signed-out notice: its session ended while the learner was on the page. */
const signedOutNotice = (scope) => scope.getByRole('alert').filter({ hasText: 'Your session has ended.' });
/** The frame's notice when it loaded without a session: it asks the learner to sign in. */
const signInNotice = (scope) => scope.getByRole('alert').filter({ hasText: 'Sign in to see your courses.' });

describe('embedding across sites', () => {
  it('signs in through the parent page’s popup and shows My courses in the frame', { timeout: 120_000 }, async (t) => {
    await withPage('embedding-sign-in', async (page) => {
      const events = recordSequence(page);
      const { scope, frame } = await signInThroughParent(page);
      await eventually('course cards in the frame', async () => {
        const texts = await cardTexts(scope);
        return texts && texts.length > 0;
      });

      const [relogin] = await messagesOfType(page, RELOGIN);
      assert.equal(relogin.origin, portalOrigin());
      const loginUrl = new URL(relogin.data.loginUrl, env.servers.portalUrl);
      assert.equal(loginUrl.pathname, '/oidc/login');
      assert.equal(loginUrl.searchParams.get('redirectUrl'), new URL('courses', env.servers.portalUrl).href);
      const signedIn = await messagesOfType(page, SIGNED_IN);
      assert.equal(signedIn.length, 1);
      assert.equal(signedIn[0].origin, portalOrigin(), 'the code comes from the portal’s sign-in page');
      assert.match(signedIn[0].data.code, /^[A-Za-z0-9_-]{43}$/);
      // The frame received the code from its parent, on the parent's origin.
      const inFrame = await frame.evaluate(() => window.received.map(({ origin, data }) => ({ origin, type: data?.type })));
      assert.deepEqual(
        inFrame.filter((m) => m.type === SESSION_RESTORED),
        [{ origin: env.parent.origin, type: SESSION_RESTORED }],
      );

      // The popup's and the frame's session cookies: partitioned, cross-site, secure, HttpOnly.
      await headersRead(events);
      const adopt = events.find((e) => e.what === 'POST /api/bff/session/adopt');
      assert.equal(adopt.who, 'frame');
      assert.equal(adopt.status, 204);
      const sessionCookie = (e) => e.setCookie?.find((c) => c.startsWith('lp_session=…'));
      // The popup closes itself right after posting, so its callback's headers cannot always be
      // read back; when they were, its cookie must have the same attributes as the frame's.
      const callback = events.find((e) => e.who === 'popup' && sessionCookie(e));
      for (const cookie of [callback && sessionCookie(callback), sessionCookie(adopt)].filter((c) => c !== undefined)) {
        assert.ok(cookie, 'a session cookie is set');
        for (const attribute of ['HttpOnly', 'SameSite=None', 'Partitioned', 'Secure', 'Path=/']) {
          assert.ok(cookie.split('; ').includes(attribute), `${cookie} has ${attribute}`);
        }
      }
      // The frame's cookie lives in the parent site's partition, the popup's in the portal's own.
      const cookies = (await page.context().cookies(env.servers.portalUrl)).filter((c) => c.name === 'lp_session');
      const partitions = cookies.map((c) => c.partitionKey ?? '(none)').sort();
      t.diagnostic(`lp_session cookies by partition: ${partitions.join(', ')}`);
      assert.ok(partitions.some((key) => key.includes('127.0.0.1')), `a cookie partitioned under the parent site: ${partitions}`);
      for (const line of describeSequence(events, await received(page))) t.diagnostic(line);

      await assertAccessible(page, 'the parent page with My courses in its frame');
      await screenshot(page, 'embedding-1280-en-US');
      await page.setViewportSize({ width: 390, height: 844 });
      await scope.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      await screenshot(page, 'embedding-390-en-US');
      await assertAccessible(page, 'the parent page and frame at 390 px');

      await page.setViewportSize({ width: 1280, height: 720 });
      await chooseLanguage(scope, 'العربية');
      await eventually('the frame in Arabic, right to left', async () =>
        (await scope.locator('html').getAttribute('dir')) === 'rtl',
      );
      await screenshot(page, 'embedding-1280-ar-AR');
      await assertAccessible(page, 'the frame in Arabic');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'embedding-390-ar-AR');
    });
  });

  it('after the session ends elsewhere the frame asks again and carries on where it was, with its data', { timeout: 120_000 }, async (t) => {
    await withPage('embedding-relogin', async (page) => {
      const events = recordSequence(page);
      const { scope, frame } = await signInThroughParent(page);
      const all = await eventually('course cards in the frame', async () => {
        const texts = await cardTexts(scope);
        return texts && texts.length > 1 ? texts : null;
      });
      const keyword = await pickKeyword(scope);
      // No reload from here on: this mark would be gone.
      await frame.evaluate(() => {
        window.sameDocument = true;
      });

      const eventsBefore = events.length;
      const reloginsBefore = (await messagesOfType(page, RELOGIN)).length;
      // The frame asks for a sign-in as soon as it learns that the session ended: from the other
      // tab's sign-out news (where the browser lets tabs and frames share it) or at its next call.
      const popupOpened = armed(page.waitForEvent('popup', { timeout: 20_000 }));
      await signOutInAnotherTab(page.context());

      // The learner acts in the frame: types a search. The gateway answers 401; the frame stays.
      const search = scope.getByRole('searchbox', { name: 'Search courses' });
      await search.pressSequentially(keyword, { delay: 30 });
      await eventually('the typed search in the frame’s address', async () =>
        new URL(frame.url()).searchParams.get('keyword') === keyword,
      );
      await signedOutNotice(scope).waitFor({ timeout: 15_000 });
      await eventually('a new re-login request', async () => (await messagesOfType(page, RELOGIN)).length > reloginsBefore);
      const framedUrl = frame.url();
      await screenshot(page, 'embedding-signed-out-1280-en-US');
      await assertAccessible(page, 'the frame with its signed-out notice');

      // The parent opened the popup again; the issuer's session ended too, so it shows its form.
      const popup = await popupOpened;
      const closed = armed(popup.waitForEvent('close', { timeout: 20_000 }));
      await signIn(popup);
      await closed;
      t.diagnostic(`the frame asked: ${JSON.stringify((await messagesOfType(page, RELOGIN)).slice(reloginsBefore).map((m) => m.data))}`);

      // The frame adopted the new session and reloaded its data, in place.
      await signedOutNotice(scope).waitFor({ state: 'detached', timeout: 15_000 });
      const found = await eventually(`cards matching "${keyword}"`, async () => {
        const texts = await cardTexts(scope);
        return texts && texts.length > 0 && texts.length < all.length && texts.every((text) => text.includes(keyword))
          ? texts
          : null;
      });
      assert.ok(found.length < all.length);
      assert.equal(frame.url(), framedUrl, 'the frame stays on the same page');
      assert.equal(await search.inputValue(), keyword, 'the typed search is still there');
      assert.equal(await frame.evaluate(() => window.sameDocument), true, 'no reload');
      const after = events.slice(eventsBefore);
      assert.ok(after.some((e) => e.who === 'frame' && e.status === 401), 'the frame met the ended session');
      assert.ok(after.some((e) => e.what === 'POST /api/bff/session/adopt' && e.status === 204), 'and adopted the new one');
      assert.ok(
        after.some((e) => e.who === 'frame' && e.what === 'GET /api/bff/my-courses' && e.status === 200),
        'then asked again for its data',
      );
      for (const line of describeSequence(after, [])) t.diagnostic(`after the sign-out: ${line}`);
    });
  });

  it('a replayed code, an expired code and a code posted from another origin change nothing', { timeout: 120_000 }, async (t) => {
    const stranger = await startParentPage();
    t.after(() => stranger.stop());
    await withPage('embedding-refused-codes', async (page) => {
      // The parent's own handler does not see the popup's codes while `holdCodes` is on: the
      // test keeps them, to post them itself.
      await page.addInitScript(() => {
        if (window !== window.top) return;
        window.heldCodes = [];
        window.holdCodes = true;
        window.addEventListener('message', (event) => {
          if (window.holdCodes && event.data && event.data.type === 'learner-portal:signed-in') {
            window.heldCodes.push({ code: event.data.code, at: Date.now() });
            event.stopImmediatePropagation();
          }
        });
      });
      await recordMessages(page);
      const events = recordSequence(page);
      const adoptions = () => events.filter((e) => e.what === 'POST /api/bff/session/adopt');
      const held = () => page.evaluate(() => window.heldCodes);
      const heldCount = async (n) => eventually(`${n} codes held`, async () => ((await held()).length >= n ? held() : null), 20_000);
      const fromParent = (code) =>
        page.evaluate(
          ({ code, origin, type }) => document.getElementById('portal').contentWindow.postMessage({ type, code }, origin),
          { code, origin: portalOrigin(), type: SESSION_RESTORED },
        );

      const popupOpened = armed(page.waitForEvent('popup', { timeout: 15_000 }));
      await page.goto(parentUrl('courses'));
      const popup = await popupOpened;
      await signIn(popup);
      const [a] = await heldCount(1);
      const { scope } = portalFrame(page);
      await signInNotice(scope).waitFor();
      assert.equal(await signedOutNotice(scope).count(), 0, 'nothing ended on a page that loaded without a session');

      // A page on an origin the tenant does not list posts a valid code to the frame.
      const strangerOpened = armed(page.waitForEvent('popup'));
      await page.evaluate((url) => window.open(url, 'stranger'), `${stranger.origin}/nothing-here`);
      const strangerPage = await strangerOpened;
      await strangerPage.evaluate(
        ({ code, type }) => window.opener.frames[0].postMessage({ type, code }, '*'),
        { code: a.code, type: SESSION_RESTORED },
      );
      await page.waitForTimeout(1_500);
      assert.equal(adoptions().length, 0, 'the frame did not use a code from another origin');
      assert.ok(await signInNotice(scope).isVisible(), 'and is still signed out');
      await strangerPage.close();

      // The same code from the parent is taken: it was good, only its sender was wrong.
      await fromParent(a.code);
      await scope.getByRole('heading', { level: 1, name: 'My courses' }).waitFor({ timeout: 15_000 });
      await eventually('the adoption', async () => adoptions().length === 1);
      assert.equal(adoptions()[0].status, 204);

      // The session ends; the frame asks; the learner signs in again (the test keeps code B).
      const popupB = armed(page.waitForEvent('popup', { timeout: 20_000 }));
      await signOutInAnotherTab(page.context());
      await scope.getByRole('searchbox', { name: 'Search courses' }).pressSequentially('zz', { delay: 30 });
      await signedOutNotice(scope).waitFor({ timeout: 15_000 });
      await signIn(await popupB);
      const b = (await heldCount(2))[1];
      const reloginsBefore = (await messagesOfType(page, RELOGIN)).length;

      // Replayed: code A was used already. The frame stays signed out and asks again.
      const popupC = armed(page.waitForEvent('popup', { timeout: 20_000 }));
      await fromParent(a.code);
      await eventually('the replayed code refused', async () => adoptions().length === 2);
      assert.equal(adoptions()[1].status, 400);
      await eventually('the frame asking again', async () => (await messagesOfType(page, RELOGIN)).length > reloginsBefore);
      assert.ok(await signedOutNotice(scope).isVisible(), 'still signed out after the replay');
      // The parent opened the popup again (code C, kept).
      await signInIfAsked(await popupC);
      await heldCount(3);

      // Expired: code B, unused, past its lifetime.
      const heldBefore = (await held()).length;
      const popupD = armed(page.waitForEvent('popup', { timeout: 20_000 }));
      const wait = b.at + (CODE_TTL_SECS + 1.5) * 1000 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      await fromParent(b.code);
      await eventually('the expired code refused', async () => adoptions().length === 3);
      assert.equal(adoptions()[2].status, 400);
      assert.ok(await signedOutNotice(scope).isVisible(), 'still signed out after the expired code');
      assert.equal(await scope.getByRole('searchbox', { name: 'Search courses' }).inputValue(), 'zz');
      await headersRead(events);
      for (const refused of adoptions().slice(1)) assert.equal(refused.setCookie, undefined, 'a refused code sets nothing');

      // A fresh code, from the parent, still works: the refusals broke nothing.
      // The frame asked again after the refusal; the new popup's code (D) is fresh.
      await signInIfAsked(await popupD);
      const fresh = (await heldCount(heldBefore + 1)).at(-1);
      await fromParent(fresh.code);
      await signedOutNotice(scope).waitFor({ state: 'detached', timeout: 15_000 });
      await eventually('the fresh code taken', async () => adoptions().at(-1).status === 204);
      t.diagnostic(`adopt answers: ${adoptions().map((e) => e.status).join(', ')}`);
    });
  });

  it('a blocked popup: the parent’s button opens it, and so does a press in the frame', { timeout: 120_000 }, async () => {
    // The shared browser runs without Chromium's popup blocker (playwright's default); this one
    // keeps it. Playwright's own page calls count as user activation, so the steps that must
    // happen without one leave the pages alone for longer than Chromium's 5 s activation window.
    const browser = await launchChromium({ ignoreDefaultArgs: ['--disable-popup-blocking'] });
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    const portalAnswers401 = () =>
      armed(page.waitForResponse((r) => r.url().startsWith(`${portalOrigin()}/api/`) && r.status() === 401, { timeout: 20_000 }));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));
    try {
      await recordMessages(page);
      const asked = portalAnswers401();
      await page.goto(parentUrl('courses'));
      // The frame asks on load, with no click: the browser blocks the popup, the parent offers its button.
      await asked;
      await settle();
      assert.equal(context.pages().length, 1, 'no popup opened by itself');
      const button = page.getByRole('button', { name: 'Sign in', exact: true });
      assert.ok(await button.isVisible(), 'the parent offers its Sign in button');
      assert.match(await page.getByRole('status').innerText(), /blocked/);
      await assertAccessible(page, 'the parent page offering its Sign in button');
      await screenshot(page, 'embedding-popup-blocked-1280-en-US');
      const popupOpened = armed(page.waitForEvent('popup'));
      await button.click();
      await signInIfAsked(await popupOpened);
      const { scope, frame } = portalFrame(page);
      await scope.getByRole('heading', { level: 1, name: 'My courses' }).waitFor({ timeout: 15_000 });
      await button.waitFor({ state: 'hidden' });

      // Every activation lapses; the session ends; the frame notices without a press (the other
      // tab's news, or a background call: a focus event dispatched without a user gesture).
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const noticed = portalAnswers401();
      await signOutInAnotherTab(context);
      const frameSession = await context.newCDPSession(frame);
      await frameSession.send('Runtime.evaluate', { expression: "dispatchEvent(new Event('focus'))", userGesture: false });
      await noticed;
      await settle();
      assert.equal(context.pages().length, 1, 'the popup was blocked again');
      assert.ok(await signedOutNotice(scope).isVisible());

      // A press on the frame's own button counts for its parent too (user activation reaches the
      // frame's ancestors): the frame asks again and the parent's popup opens.
      const again = armed(page.waitForEvent('popup'));
      await signedOutNotice(scope).getByRole('button', { name: 'Sign in again' }).click();
      await signInIfAsked(await again);
      await signedOutNotice(scope).waitFor({ state: 'detached', timeout: 15_000 });
      await scope.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    } catch (error) {
      await screenshot(page, 'failed-embedding-popup-blocked').catch(() => undefined);
      throw error;
    } finally {
      await browser.close();
    }
  });
});
