// Browser journeys of the course lists: the catalog and its course page with enrolment, My
// courses' URL filters, the open catalog signed out; axe on each page in en-US and ar-AR, and
// screenshots at 1280 and 390 px (artifacts/screens/, for looking at, not asserting).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  artifacts,
  assertAccessible,
  cardTexts,
  env,
  eventually,
  isolated,
  screenshot,
  setFaults,
  signIn,
  useServers,
  withPage,
} from './support.js';

useServers();

const url = (path) => new URL(path, env.servers.portalUrl).href;
const FILTERS_UNAVAILABLE = 'Some filters are no longer available and were removed.';

/** The client's Arabic messages, to find what an Arabic-speaking learner reads. */
const arabic = JSON.parse(
  readFileSync(new URL('../../client/src/i18n/messages/ar-AR.json', import.meta.url), 'utf8'),
);

function catalogItems(page) {
  return page.getByRole('main').getByRole('list', { name: 'Catalog courses' }).getByRole('listitem');
}

/** Options of a page in a locale and at a width (the locale is the one the client stores). */
function contextFor(locale, width) {
  return {
    context: { viewport: { width, height: width >= 1000 ? 800 : 844 }, locale },
    init: (page) =>
      page.addInitScript((tag) => window.localStorage.setItem('learner-portal.locale', tag), locale),
  };
}

async function withLocalePage(name, locale, width, body) {
  const { context, init } = contextFor(locale, width);
  await withPage(name, async (page) => {
    await init(page);
    await body(page);
  }, { context });
}

/** Waits for the list's cards to settle (every card has its link). */
async function waitForCards(page, list, atLeast = 1) {
  return eventually(`at least ${atLeast} cards in "${list}"`, async () => {
    const items = page.getByRole('main').getByRole('list', { name: list }).getByRole('listitem');
    const cards = await items.evaluateAll((els) => els.map((el) => el.querySelector('a[href]') !== null));
    return cards.length >= atLeast && cards.every(Boolean) ? cards.length : null;
  }, 15_000);
}

describe('course lists', () => {
  it('browses the catalog, opens a course page, enrols and finds the course in My courses', { timeout: 120_000 }, async () => {
    await withPage('catalog-enrol', async (page) => {
      await page.goto(url('catalog'));
      await signIn(page, 'ada');
      await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
      await waitForCards(page, 'Catalog courses', 10);

      await page.getByRole('searchbox', { name: 'Search the catalog' }).fill('negotiation skills');
      await page.waitForURL((u) => u.searchParams.get('keyword') === 'negotiation skills');
      const link = page.getByRole('main').getByRole('link', { name: 'Negotiation Skills', exact: true });
      await eventually('one catalog card for Negotiation Skills', async () => (await catalogItems(page).count()) === 1);
      await link.click();

      await page.waitForURL((u) => /^\/learn\/catalog\/[0-9a-f-]{36}$/.test(u.pathname));
      await page.getByRole('heading', { level: 1, name: 'Negotiation Skills' }).waitFor();
      await page.getByText('Code: NEG-1').waitFor();
      await page.getByRole('button', { name: 'Add to my courses' }).click();

      await page.getByText(`You have successfully been enrolled to ${isolated('Negotiation Skills')}`).waitFor({ timeout: 30_000 });
      await page.getByText('Enrolled', { exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Add to my courses' }).count(), 0);

      await page.getByRole('navigation').first().getByRole('link', { name: 'My courses' }).click();
      await page.waitForURL((u) => u.pathname === '/learn/courses');
      await page.getByRole('searchbox', { name: 'Search courses' }).fill('negotiation');
      await eventually('Negotiation Skills among My courses', async () => {
        const texts = await cardTexts(page);
        return texts && texts.some((t) => t.includes('negotiation skills'));
      }, 15_000);

      // The course left the catalog.
      await page.goto(url('catalog?keyword=negotiation%20skills'));
      await page.getByRole('heading', { name: 'No courses match "negotiation skills"' }).waitFor();
    });
  });

  it('an enrolment while the LMS is unavailable says so in Arabic, and goes through once it is back', { timeout: 120_000 }, async () => {
    await withLocalePage('catalog-enrol-unavailable', 'ar-AR', 390, async (page) => {
      await page.goto(url('catalog?keyword=coaching%20in%20practice'));
      await signIn(page, 'ada');
      await page.waitForURL((u) => u.pathname === '/learn/catalog', { timeout: 15_000 });
      await page.getByRole('main').getByRole('link', { name: 'Coaching in Practice', exact: true }).click();
      await page.waitForURL((u) => /^\/learn\/catalog\/[0-9a-f-]{36}$/.test(u.pathname));
      const add = page.getByRole('button', { name: arabic['catalogCourse.addToMyCourses'] });
      await add.waitFor();

      await setFaults([{ fault: { kind: 'error', status: 503, rate: 1 } }]);
      try {
        await add.click();
        // The toast, in Arabic; the gateway's English detail is for API callers, not learners.
        const toast = page.getByText(arabic['ui.error.commandUnavailable']).first();
        await toast.waitFor();
        assert.equal(await page.getByText('The learning platform could not be reached.').count(), 0);
        await assertAccessible(page, 'catalog course, enrolment while the LMS is unavailable (ar-AR)');
        await page.screenshot({ path: path.join(artifacts, 'screens', 'catalog-enrol-unavailable-ar-AR-390.png') });
      } finally {
        await setFaults([]);
      }

      await add.click();
      await page.getByText(arabic['catalogCourse.enrolledToast'].replace('{courseName}', isolated('Coaching in Practice'))).first().waitFor({ timeout: 30_000 });
      await page.getByText(arabic['catalogCourse.enrolled'], { exact: true }).waitFor();
    });
  });

  it('an email link that starts a course before it opens says when it will, in Arabic, as the page does', { timeout: 120_000 }, async () => {
    await withLocalePage('catalog-start-too-early', 'ar-AR', 390, async (page) => {
      await page.goto(url('courses?keyword=advanced%20negotiation'));
      await signIn(page, 'ada');
      await page.waitForURL((u) => u.pathname === '/learn/courses', { timeout: 15_000 });
      const id = await page.evaluate(async () => {
        const answer = await fetch('/api/bff/my-courses?keyword=advanced%20negotiation', {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        });
        return (await answer.json()).items[0].objectiveId;
      });

      await page.goto(url(`catalog/${id}?occflow=startTheCourse`));
      // The notice on the page and the toast of the refused start say the same, in Arabic, with
      // the date written for the learner (not the gateway's English detail and RFC 3339 date).
      const prefix = arabic['refusal.willBeAvailable'].replace('{date}', '');
      const notice = page.locator('.catalog-course').getByText(prefix);
      await notice.waitFor();
      const text = (await notice.innerText()).trim();
      await page.getByText(text, { exact: true }).nth(1).waitFor();
      assert.equal(await page.getByText(/Will be available|\d{4}-\d{2}-\d{2}T/).count(), 0);
      await page.waitForURL((u) => !u.searchParams.has('occflow'));
      await assertAccessible(page, 'catalog course, started before it opens (ar-AR)');
      await page.screenshot({ path: path.join(artifacts, 'screens', 'catalog-start-too-early-ar-AR-390.png') });
    });
  });

  it('restores filters from the URL and drops an unknown value with a toast', { timeout: 120_000 }, async () => {
    await withPage('filters-url', async (page) => {
      await page.goto(url('courses'));
      await signIn(page, 'ada');
      const all = await waitForCards(page, 'Courses', 10);

      await page.goto(url('courses?courseProgress=completed,bogus&coursePriority=mandatory'));
      await page.getByText(FILTERS_UNAVAILABLE).waitFor();
      await page.waitForURL((u) => u.search === '?courseProgress=completed&coursePriority=mandatory');
      const filtered = await waitForCards(page, 'Courses', 1);
      assert.ok(filtered < all, `${filtered} filtered cards of ${all}`);
      const texts = await cardTexts(page);
      assert.ok(texts.every((t) => t.includes('mandatory')), 'every card is mandatory');
      assert.ok(await page.getByRole('button', { name: /^Filters\b.*2 filters active/ }).isVisible());

      // Clearing the filters empties the URL and shows every course again.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((u) => u.search === '');
      await eventually('all cards again', async () => (await waitForCards(page, 'Courses', all)) === all);
      assert.ok(await page.getByRole('button', { name: 'Clear filters' }).isDisabled());

      // The drawer writes the URL.
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Filter courses' });
      // The checkbox input is visually hidden inside its label, as a pointer user meets it.
      await drawer.locator('label', { hasText: 'In progress' }).click();
      await page.waitForURL((u) => u.searchParams.get('courseProgress') === 'inProgress');
      await eventually('In progress checked', () => drawer.getByRole('checkbox', { name: 'In progress' }).isChecked());
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    });
  });

  it('shows the open catalog to a visitor who is not signed in', { timeout: 120_000 }, async () => {
    await withPage('open-catalog', async (page) => {
      await page.goto(url('open-catalog'));
      await page.getByRole('heading', { level: 1, name: 'Course catalog' }).waitFor();
      await waitForCards(page, 'Courses', 10);
      assert.equal(new URL(page.url()).pathname, '/learn/open-catalog', 'no sign-in redirect');
      const first = await page.getByRole('main').getByRole('list', { name: 'Courses' }).getByRole('link').first().getAttribute('href');
      assert.match(first, /^\/learn\/open-catalog\/[0-9a-f-]{36}\/view\/details$/);

      await page.getByRole('searchbox', { name: 'Search courses' }).fill('spanish');
      await page.waitForURL((u) => u.searchParams.get('keyword') === 'spanish');
      await eventually('only Spanish courses', async () => {
        const names = await page.getByRole('main').getByRole('list', { name: 'Courses' }).getByRole('heading').allInnerTexts();
        return names.length > 0 && names.every((n) => n.toLowerCase().includes('spanish'));
      });
    });
  });

  for (const locale of ['en-US', 'ar-AR']) {
    it(`is accessible in ${locale}: My courses (and its filters), catalog, catalog course page, open catalog`, { timeout: 240_000 }, async () => {
      for (const width of [1280, 390]) {
        const tag = `${locale}-${width}`;
        await withLocalePage(`lists-${tag}`, locale, width, async (page) => {
          await page.goto(url('courses'));
          await signIn(page, 'ada');
          await page.waitForURL((u) => u.pathname === '/learn/courses', { timeout: 15_000 });
          await eventually('the document in the locale', async () => (await page.locator('html').getAttribute('lang')) === locale);
          const mainList = page.getByRole('main').getByRole('list').first();
          await mainList.waitFor();
          await eventually('cards with links', async () => {
            const linked = await page.locator('main .course-grid > li a[href]').count();
            return linked >= 10;
          }, 15_000);
          await page.waitForLoadState('networkidle');
          await assertAccessible(page, `My courses ${tag}`);
          await screenshot(page, `my-courses-${tag}`);

          await page.locator('.filter-bar__open').click();
          await page.getByRole('dialog').waitFor();
          await page.waitForTimeout(300);
          await assertAccessible(page, `My courses filter drawer ${tag}`);
          // The viewport only: the sheet is fixed to it.
          await page.screenshot({ path: path.join(artifacts, 'screens', `my-courses-filters-${tag}.png`) });
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });

          await page.goto(url('catalog'));
          await eventually('catalog cards', async () => (await page.locator('main .course-grid > li a[href]').count()) >= 10, 15_000);
          await page.waitForLoadState('networkidle');
          await assertAccessible(page, `catalog ${tag}`);
          await screenshot(page, `catalog-${tag}`);

          // The first catalog course (the enrol journey may have taken Negotiation Skills).
          await page.locator('main .course-grid > li a[href]').first().click();
          await page.waitForURL((u) => /^\/learn\/catalog\/[0-9a-f-]{36}$/.test(u.pathname));
          await page.locator('.catalog-course__actions .button').first().waitFor();
          await page.waitForLoadState('networkidle');
          await assertAccessible(page, `catalog course page ${tag}`);
          await screenshot(page, `catalog-course-${tag}`);
        });

        await withLocalePage(`open-catalog-${tag}`, locale, width, async (page) => {
          await page.goto(url('open-catalog'));
          await eventually('open catalog cards', async () => (await page.locator('main .course-grid > li a[href]').count()) >= 10, 15_000);
          await page.waitForLoadState('networkidle');
          await assertAccessible(page, `open catalog ${tag}`);
          await screenshot(page, `open-catalog-${tag}`);
        });
      }
    });
  }
});
