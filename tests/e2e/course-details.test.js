// Browser journeys of the course details, the certificate preview and the public course and
// certificate pages, through the real gateway and lms-sandbox, with axe checks in en-US and
// ar-AR and screenshots at 1280 and 390 px wide.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertAccessible, env, eventually, screenshot, setFaults, signIn, useServers, withPage } from './support.js';

useServers();

/**
 * Set up once for the file: ada's signed-in browser state (so the screen and accessibility
 * tests need not sign in again), the certificate number of Workplace Safety and the id of an
 * open-catalog course.
 */
const shared = { storageState: undefined, certificateNumber: undefined, publicCourseId: undefined };
let setUp;
function setup() {
  setUp ??= (async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await openWorkplaceSafety(page);
      shared.certificateNumber = await certificateNumberOf(page);
      shared.storageState = await context.storageState();
    } finally {
      await context.close();
    }
    shared.publicCourseId = await openCatalogCourse('secure coding');
  })();
  return setUp;
}

/** Page options of a signed-in page (ada's state from the set-up). */
const signedIn = () => ({ context: { storageState: shared.storageState } });

const LOCALE_KEY = 'learner-portal.locale';
const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const LOCALES = [
  { tag: 'en-US', dir: 'ltr' },
  { tag: 'ar-AR', dir: 'rtl' },
];

const portal = (path) => new URL(path, env.servers.portalUrl).href;

async function useLocale(page, locale) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [LOCALE_KEY, locale]);
}

async function expectDirection(page, dir) {
  await eventually(`dir="${dir}"`, async () => (await page.locator('html').getAttribute('dir')) === dir);
}

/** Signs in as ada on the details page of Workplace Safety; answers its URL path. */
async function openWorkplaceSafety(page) {
  await page.goto(portal('courses?keyword=workplace%20safety'));
  await signIn(page);
  await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
  const card = page.getByRole('main').getByRole('link', { name: 'Workplace Safety' });
  await card.click();
  await page.waitForURL((url) => /^\/learn\/courses\/[0-9a-f-]{36}$/.test(url.pathname));
  await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor();
  return new URL(page.url()).pathname;
}

/** The id of a course of the open catalog, from the gateway's public view. */
async function openCatalogCourse(keyword) {
  const response = await fetch(new URL(`/api/bff/public/catalog?keyword=${encodeURIComponent(keyword)}`, env.servers.portalUrl));
  assert.equal(response.status, 200);
  const view = await response.json();
  const card = view.items.find((item) => item.name.toLowerCase().includes(keyword));
  assert.ok(card, `no open-catalog course matching ${keyword}`);
  return card.objectiveId;
}

/** The certificate number of Workplace Safety, read from its details page. */
async function certificateNumberOf(page) {
  const link = page.getByRole('region', { name: 'Certificates' }).getByRole('link').first();
  const href = await link.getAttribute('href');
  const match = /\/certificate\/([^/?#]+)$/.exec(href ?? '');
  assert.ok(match, `certificate link ${href}`);
  return decodeURIComponent(match[1]);
}

async function shoot(page, name, viewport) {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(150);
  await screenshot(page, name);
}

describe('course details and certificates', () => {
  it('opens the details of a finished course and its certificate; the download goes through the gateway', { timeout: 120_000 }, async () => {
    await withPage('course-details', async (page) => {
      const detailsPath = await openWorkplaceSafety(page);
      const main = page.getByRole('main');
      await main.getByText('Code: SAF-100').waitFor();
      const result = main.getByRole('group', { name: 'Result of your last attempt' });
      await result.getByText('Passed').waitFor();
      await result.getByText('Grade A').waitFor();
      await main.getByRole('button', { name: 'Share' }).waitFor();
      await main.getByRole('region', { name: 'About this course' }).waitFor();

      const number = await certificateNumberOf(page);
      await page.getByRole('region', { name: 'Certificates' }).getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname === `${detailsPath}/certificate/${number}`);
      await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor();
      await main.getByText(number).first().waitFor();
      await main.getByText('Valid', { exact: true }).waitFor();

      const download = main.getByRole('link', { name: 'Download PDF' });
      const href = await download.getAttribute('href');
      assert.ok(href && href.startsWith('/') && !href.startsWith('//'), `download is a path on the portal's origin: ${href}`);
      const pdf = await page.request.get(new URL(href, page.url()).href);
      assert.equal(pdf.status(), 200);
      assert.match(pdf.headers()['content-type'] ?? '', /application\/pdf/);
    });
  });

  it('shows the course-unavailable page for a course the learner does not have', { timeout: 120_000 }, async () => {
    await withPage('course-unavailable', async (page) => {
      await page.goto(portal('courses/00000000-0000-4000-8000-00000000dead'));
      await signIn(page);
      await page.getByRole('heading', { level: 1, name: 'Course is not available' }).waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Back to my courses' }).waitFor();
      await shoot(page, 'course-unavailable-en-US-1280', WIDTHS.desktop);
    });
  });
});

describe('public pages, signed out', () => {
  it('opens the public certificate and the public course page without a session', { timeout: 120_000 }, async () => {
    await setup();
    const number = shared.certificateNumber;
    const courseId = shared.publicCourseId;
    await withPage('public-pages', async (page) => {
      await page.goto(portal(`certificate/${encodeURIComponent(number)}`));
      await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor({ timeout: 15_000 });
      assert.equal(new URL(page.url()).pathname, `/learn/certificate/${number}`, 'no sign-in redirect');
      await page.getByRole('main').getByText(number).first().waitFor();
      assert.equal(await page.getByRole('navigation').count(), 0, 'no menu on the public certificate');
      const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
      assert.ok(href?.startsWith('/api/bff/public/certificates/'), href);

      await page.goto(portal(`open-catalog/${courseId}/view/details`));
      await page.getByRole('heading', { level: 1, name: 'Secure Coding 101' }).waitFor({ timeout: 15_000 });
      const signInLink = page.getByRole('link', { name: 'Sign in to enroll' }).first();
      const login = new URL((await signInLink.getAttribute('href')) ?? '', page.url());
      assert.equal(login.pathname, '/oidc/login');
      assert.equal(login.searchParams.get('redirectUrl'), `/learn/catalog/${courseId}`);
      assert.equal(await page.locator('.account-menu').count(), 0, 'no user menu');
    });
  });

  it("a toast whose code cannot be fetched leaves the page as it is, and shows once the network is back", { timeout: 120_000 }, async () => {
    await setup();
    const courseId = shared.publicCourseId;
    await withPage('toast-unfetchable', async (page) => {
      // The toasts' chunk cannot be fetched (a new deploy removed it, say); the region sits
      // outside the router's error pages, and unguarded its failure emptied the whole page.
      const toastsChunk = /\/assets\/toasts\.[^/]*\.js$/;
      await page.route(toastsChunk, (route) => route.abort());
      await page.goto(portal(`open-catalog/${courseId}/view/details`));
      const heading = page.getByRole('heading', { level: 1, name: 'Secure Coding 101' });
      await heading.waitFor({ timeout: 15_000 });
      const failed = page.waitForEvent('requestfailed', (request) => toastsChunk.test(request.url()));
      await page.getByRole('button', { name: 'Share' }).click();
      await failed;
      await heading.waitFor();
      assert.equal(await page.getByRole('main').count(), 1, 'the page stays');

      // The network comes back: the toast still due shows.
      await page.unroute(toastsChunk);
      await page.context().setOffline(true);
      await page.context().setOffline(false);
      await page.getByText(/Link copied to clipboard|The link could not be copied/).waitFor();
      await heading.waitFor();
    });
  });

  it('sends a learner who is signed in from the course share link to the course in the portal', { timeout: 120_000 }, async () => {
    await setup();
    const courseId = shared.publicCourseId;
    await withPage('public-course-signed-in', async (page) => {
      await page.goto(portal(`open-catalog/${courseId}/view/details`));
      await page.getByRole('heading', { level: 1, name: 'Secure Coding 101' }).waitFor({ timeout: 15_000 });
      const open = page.getByRole('main').getByRole('link', { name: 'Go to the course' });
      await open.first().waitFor();
      assert.equal(await open.count(), 2, 'in the header and in the box beside the text');
      assert.equal(await page.getByRole('link', { name: 'Sign in to enroll' }).count(), 0, 'no sign-in for a signed-in learner');
      await assertAccessible(page, 'public course, signed in');
      await shoot(page, 'public-course-signed-in-en-US-390', WIDTHS.mobile);
      await page.setViewportSize(WIDTHS.desktop);
      await open.first().click();
      await page.waitForURL((url) => url.pathname === `/learn/catalog/${courseId}`);
      await page.getByRole('heading', { level: 1, name: 'Secure Coding 101' }).waitFor();
      await page.getByRole('button', { name: 'Ada Lovelace' }).waitFor();
    }, signedIn());
  });

  it('shows not-found for an unknown certificate number', { timeout: 120_000 }, async () => {
    await withPage('certificate-not-found', async (page) => {
      await page.goto(portal('certificate/NO-SUCH-CERT-1'));
      await page.getByRole('heading', { level: 1, name: 'Certificate not found' }).waitFor({ timeout: 15_000 });
      await page.getByText(/NO-SUCH-CERT-1/).waitFor();
      await shoot(page, 'public-certificate-not-found-en-US-1280', WIDTHS.desktop);
    });
  });
});

describe('accessibility and screenshots in en-US and ar-AR', () => {
  for (const { tag, dir } of LOCALES) {
    it(`details and certificate are accessible in ${tag}`, { timeout: 120_000 }, async () => {
      await setup();
      await withPage(`a11y-signed-in-${tag}`, async (page) => {
        await useLocale(page, tag);
        await page.goto(portal('courses?keyword=workplace%20safety'));
        await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
        await expectDirection(page, dir);
        await page.getByRole('main').getByRole('link', { name: 'Workplace Safety' }).click();
        await page.waitForURL((url) => /^\/learn\/courses\/[0-9a-f-]{36}$/.test(url.pathname));
        await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor();
        await page.locator('.certificate-list a').first().waitFor();
        await assertAccessible(page, `course details (${tag})`);
        await shoot(page, `course-details-${tag}-1280`, WIDTHS.desktop);
        await shoot(page, `course-details-${tag}-390`, WIDTHS.mobile);
        await page.setViewportSize(WIDTHS.desktop);

        await page.locator('.certificate-list a').first().click();
        await page.waitForURL((url) => url.pathname.includes('/certificate/'));
        await page.locator('.certificate-doc').waitFor();
        await assertAccessible(page, `certificate preview (${tag})`);
        await shoot(page, `certificate-${tag}-1280`, WIDTHS.desktop);
        await shoot(page, `certificate-${tag}-390`, WIDTHS.mobile);
      }, signedIn());
    });

    it(`while the LMS is unavailable the details name the failure in their heading, and load on retry, in ${tag}`, { timeout: 120_000 }, async () => {
      await setup();
      await withPage(`lms-unavailable-${tag}`, async (page) => {
        await useLocale(page, tag);
        await page.goto(portal('courses?keyword=workplace%20safety'));
        await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
        await page.getByRole('main').getByRole('link', { name: 'Workplace Safety' }).click();
        await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor();
        await setFaults([{ fault: { kind: 'error', status: 503, rate: 1 } }]);
        try {
          await page.reload();
          const alert = page.getByRole('main').getByRole('alert');
          const heading = alert.getByRole('heading', { level: 1 });
          await heading.waitFor();
          await expectDirection(page, dir);
          const title = (await heading.innerText()).trim();
          assert.ok(title.length > 0, 'the failure has a heading');
          assert.ok((await page.title()).startsWith(title), `the document is named after the failure: ${await page.title()}`);
          await assertAccessible(page, `course details, LMS unavailable (${tag})`);
          await shoot(page, `course-details-unavailable-${tag}-1280`, WIDTHS.desktop);
          await shoot(page, `course-details-unavailable-${tag}-390`, WIDTHS.mobile);
        } finally {
          await setFaults([]);
        }
        await page.getByRole('main').getByRole('alert').getByRole('button').click();
        await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor();
      }, signedIn());
    });

    it(`an in-progress and a not-yet-available course look right in ${tag}`, { timeout: 120_000 }, async () => {
      await setup();
      await withPage(`screens-more-${tag}`, async (page) => {
        await useLocale(page, tag);
        for (const [keyword, name] of [
          ['introduction to python', 'Introduction to Python'],
          ['advanced negotiation', 'Advanced Negotiation'],
        ]) {
          await page.goto(portal(`courses?keyword=${encodeURIComponent(keyword)}`));
          await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
          await page.getByRole('main').getByRole('link', { name }).click();
          await page.getByRole('heading', { level: 1, name }).waitFor();
          await page.waitForTimeout(300);
          await assertAccessible(page, `${name} details (${tag})`);
          const slug = keyword.split(' ').slice(-1)[0];
          await shoot(page, `course-details-${slug}-${tag}-1280`, WIDTHS.desktop);
          await shoot(page, `course-details-${slug}-${tag}-390`, WIDTHS.mobile);
          await page.setViewportSize(WIDTHS.desktop);
        }
      }, signedIn());
    });

    it(`public course and public certificate are accessible in ${tag}`, { timeout: 120_000 }, async () => {
      await setup();
      const number = shared.certificateNumber;
      const courseId = shared.publicCourseId;
      await withPage(`a11y-public-${tag}`, async (page) => {
        await useLocale(page, tag);
        await page.goto(portal(`open-catalog/${courseId}/view/details`));
        await page.getByRole('heading', { level: 1, name: 'Secure Coding 101' }).waitFor({ timeout: 15_000 });
        await expectDirection(page, dir);
        await assertAccessible(page, `public course (${tag})`);
        await shoot(page, `public-course-${tag}-1280`, WIDTHS.desktop);
        await shoot(page, `public-course-${tag}-390`, WIDTHS.mobile);
        await page.setViewportSize(WIDTHS.desktop);

        await page.goto(portal(`certificate/${encodeURIComponent(number)}`));
        await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor({ timeout: 15_000 });
        await assertAccessible(page, `public certificate (${tag})`);
        await shoot(page, `public-certificate-${tag}-1280`, WIDTHS.desktop);
        await shoot(page, `public-certificate-${tag}-390`, WIDTHS.mobile);
      });
    });
  }
});
