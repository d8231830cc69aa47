// Browser journeys through the real gateway and lms-sandbox in Debian's Chromium:
// sign in, My courses, search, accessibility, sign out; and the root redirect after sign-in.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  axeViolations,
  cardTexts,
  chooseLanguage,
  env,
  eventually,
  expectSignInPage,
  pickKeyword,
  recordMessages,
  screenshot,
  setFaults,
  signIn,
  STEP_MS,
  useServers,
  withPage,
} from './support.js';

useServers();

/** The addresses of the page's sign-in rounds (its navigations to `/oidc/login`), as they come. */
function signInRounds(page) {
  const logins = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && url.pathname === '/oidc/login') logins.push(url.href);
  });
  return logins;
}

describe('learner portal', () => {
  it('signs in, lists and searches courses accessibly, and signs out', { timeout: 120_000 }, async () => {
    await withPage('journey', async (page) => {
      await page.goto(env.servers.portalUrl);
      await signIn(page);

      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      const all = await eventually('at least 10 course cards', async () => {
        const texts = await cardTexts(page);
        return texts && texts.length >= 10 ? texts : null;
      });

      const violations = await axeViolations(page);
      assert.equal(violations.length, 0, `axe found: ${violations.map((v) => v.id).join(', ')}`);

      const keyword = await pickKeyword(page);
      await page.getByRole('searchbox', { name: 'Search courses' }).fill(keyword);
      await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
      const found = await eventually(`fewer cards, all matching "${keyword}"`, async () => {
        const texts = await cardTexts(page);
        return texts && texts.length > 0 && texts.length < all.length && texts.every((t) => t.includes(keyword))
          ? texts
          : null;
      });
      assert.ok(found.length < all.length);

      const menuButton = page.getByRole('banner').getByRole('button', { expanded: false });
      await menuButton.click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.origin === env.servers.sandboxOrigin, { timeout: 15_000 });
      await page.waitForLoadState();

      await page.goto(new URL('courses', env.servers.portalUrl).href);
      await expectSignInPage(page);
    });
  });

  it('returns to / with its query and hash after sign-in, then redirects to /courses', { timeout: 120_000 }, async () => {
    await withPage('root-redirect', async (page) => {
      await page.goto(new URL('?a=1#x', env.servers.portalUrl).href);
      await signIn(page);

      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      const url = new URL(page.url());
      assert.equal(`${url.pathname}${url.search}${url.hash}`, '/learn/courses?a=1#x');
    });
  });

  it('switches to Arabic: right-to-left, translated, and still accessible', { timeout: 120_000 }, async () => {
    await withPage('arabic', async (page) => {
      await page.goto(new URL('courses?keyword=zzzz-no-such-course', env.servers.portalUrl).href);
      await signIn(page);
      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      // The empty-search state names the keyword.
      await page.getByRole('main').getByText('zzzz-no-such-course').first().waitFor();

      await chooseLanguage(page, 'العربية');
      await eventually('dir="rtl" on the document', async () =>
        (await page.locator('html').getAttribute('dir')) === 'rtl',
      );
      assert.equal(await page.locator('html').getAttribute('lang'), 'ar-AR');
      const search = page.getByRole('searchbox');
      const label = await eventually('a translated search label', async () => {
        const name = await search.getAttribute('placeholder');
        return name && name !== 'Search courses' ? name : null;
      });
      assert.match(label, /[\u0600-\u06FF]/, 'the label is in Arabic script');
      // The sidebar moves to the right-hand side in right-to-left layout.
      const nav = await page.getByRole('navigation').first().boundingBox();
      const width = page.viewportSize()?.width ?? 1280;
      assert.ok(nav && nav.x > width / 2, `navigation sits on the right: ${JSON.stringify(nav)}`);

      const violations = await axeViolations(page);
      assert.equal(violations.length, 0, `axe found: ${violations.map((v) => v.id).join(', ')}`);
    });
  });

  it('signing out in one tab signs out the other tabs', { timeout: 120_000 }, async () => {
    await withPage('cross-tab', async (first) => {
      await first.goto(new URL('courses', env.servers.portalUrl).href);
      await signIn(first);
      await first.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      const second = await first.context().newPage();
      second.setDefaultTimeout(STEP_MS);
      await second.goto(new URL('courses', env.servers.portalUrl).href);
      await second.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();

      await first.getByRole('banner').getByRole('button', { expanded: false }).click();
      await first.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();

      // The other tab notices on its own, without a reload or a click.
      await expectSignInPage(second);
    });
  });

  it('framed by a configured parent page, it asks the parent to sign in again', { timeout: 120_000 }, async () => {
    await withPage('embedded', async (page) => {
      await recordMessages(page);
      const portal = new URL('courses', env.servers.portalUrl).href;
      await page.goto(`${env.parent.origin}/?src=${encodeURIComponent(portal)}`);
      const message = await eventually('a re-login message from the frame', async () => {
        const received = await page.evaluate(() => window.received);
        return received.find((m) => m.data && m.data.type === 'learner-portal:relogin');
      }, 15_000);
      assert.equal(message.origin, new URL(env.servers.portalUrl).origin);
      const loginUrl = new URL(message.data.loginUrl, env.servers.portalUrl);
      assert.equal(loginUrl.pathname, '/oidc/login');
      assert.equal(loginUrl.searchParams.get('redirectUrl'), portal);
      // The frame stays where it is: the parent decides how to sign in (popup or top-level).
      const frame = page.frames().find((f) => f !== page.mainFrame());
      assert.ok(frame && new URL(frame.url()).origin === new URL(env.servers.portalUrl).origin, frame?.url());
    });
  });

  it('stops on a page that says so when the platform refuses every new sign-in, instead of going round', { timeout: 120_000 }, async (t) => {
    // The platform refuses the session's token on the My courses view, also after the gateway
    // renewed it; single sign-on would sign the learner straight back in, round after round.
    await setFaults([{ method: 'GET', path: 'users/me/enrolled-showcases', fault: { kind: 'error', status: 401, rate: 1 } }]);
    try {
      await withPage('sign-in-loop', async (page) => {
        const logins = signInRounds(page);
        await page.goto(new URL('courses', env.servers.portalUrl).href);
        await signIn(page);
        await page.waitForURL((url) => url.pathname === '/learn/sign-in-failed', { timeout: 15_000 });
        await page.getByRole('heading', { level: 1, name: 'You could not be signed in' }).waitFor();
        await page.getByText('the learning platform did not accept it', { exact: false }).waitFor();
        // It stays there: no more rounds through the issuer.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        t.diagnostic(`sign-in rounds: ${logins.length}`);
        assert.equal(logins.length, 1, `one round, then the stop: ${logins.join(', ')}`);
        assert.equal(new URL(page.url()).pathname, '/learn/sign-in-failed');
        const violations = await axeViolations(page);
        assert.equal(violations.length, 0, `axe found: ${violations.map((v) => v.id).join(', ')}`);

        // Once the platform accepts the sign-in again, the button signs in and returns to My courses.
        await setFaults([]);
        await page.getByRole('link', { name: 'Sign in' }).click();
        await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
        await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
        await eventually('course cards', async () => ((await cardTexts(page))?.length ?? 0) > 0);
      });
    } finally {
      await setFaults([]);
    }
  });

  it('tells a browser that kept no cookie of its sign-in so, instead of going round', { timeout: 120_000 }, async (t) => {
    await withPage('sign-in-no-cookie', async (page) => {
      const logins = signInRounds(page);
      await page.goto(new URL('courses', env.servers.portalUrl).href);
      // On the issuer's form, the portal's pending-login cookie goes, as in a browser that keeps
      // no cookie of this site (or one whose cookie lapsed while the form was open).
      await expectSignInPage(page);
      await page.context().clearCookies({ name: /lp_login$/ });
      await signIn(page);
      await page.waitForURL((url) => url.pathname === '/learn/sign-in-failed', { timeout: 15_000 });
      assert.equal(new URL(page.url()).searchParams.get('reason'), 'no_cookie');
      await page.getByRole('heading', { level: 1, name: 'You could not be signed in' }).waitFor();
      await page.getByText('Your browser did not keep the cookies this site needs', { exact: false }).waitFor();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      t.diagnostic(`sign-in rounds: ${logins.length}`);
      assert.equal(logins.length, 1, `one round, then the stop: ${logins.join(', ')}`);
      const violations = await axeViolations(page);
      assert.equal(violations.length, 0, `axe found: ${violations.map((v) => v.id).join(', ')}`);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await screenshot(page, `sign-in-no-cookie-${width}-en-US`);
      }
      // In Arabic, right to left and translated; then back to English for the button below.
      await page.evaluate(() => window.localStorage.setItem('learner-portal.locale', 'ar-AR'));
      await page.reload();
      await page.locator('html[dir="rtl"][lang="ar-AR"]').waitFor();
      const text = await page.locator('main').innerText();
      assert.doesNotMatch(text, /did not keep the cookies/, 'the reason is translated');
      await screenshot(page, 'sign-in-no-cookie-390-ar-AR');
      await page.evaluate(() => window.localStorage.setItem('learner-portal.locale', 'en-US'));
      await page.reload();

      // With its cookies kept again, the page's button signs in (single sign-on: no form).
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    });
  });
});
