// axe-core (WCAG 2.1 A and AA) on every route of the route table, signed in as ada and public,
// in en-US and ar-AR. Ids (courses, certificates) come from the gateway's own views. Each route
// is reported (route, locale, heading, violations); none is skipped: a screen another engineer
// has not finished is checked as it is, and any violation fails the test with the list.
// Then, what axe cannot see (WCAG 2.4.7, focus visible): on every signed-in route, each stop of
// the keyboard from the page's heading on shows where focus is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiGet, axeViolations, env, eventually, readScreenshots, signIn, useServers, withPage } from './support.js';

useServers({
  extraToml: () => `
[tenants.acme.ui]
dashboard_enabled = true
calendar_enabled = true
`,
});

const portal = (path = '') => new URL(path, env.servers.portalUrl).href;

/** A gateway view read from the signed-in page (same origin, the session cookie). */
async function view(page, path) {
  const { status, body } = await apiGet(page, path);
  return status >= 200 && status < 300 ? body : null;
}

/** The routes of the table with real ids from ada's data. */
async function signedInRoutes(page) {
  const mine = await view(page, '/api/bff/my-courses?take=100');
  const catalog = await view(page, '/api/bff/catalog?take=100');
  const items = mine?.items ?? [];
  const finished = items.find((c) => c.status === 'finished') ?? items[0];
  const inProgress = items.find((c) => c.status === 'inProgress') ?? items[0];
  let certificate;
  for (const course of items.filter((c) => c.status === 'finished')) {
    const details = await view(page, `/api/bff/courses/${encodeURIComponent(course.objectiveId)}`);
    certificate = details?.certificates?.[0]?.certificateNumber;
    if (certificate) {
      certificate = { objectiveId: course.objectiveId, number: certificate };
      break;
    }
  }
  const catalogCourse = catalog?.items?.[0];
  const notStarted = items.find((c) => c.status === 'notStarted');
  const workflowId = inProgress
    ? (await view(page, `/api/bff/courses/${encodeURIComponent(inProgress.objectiveId)}`))?.workflowId
    : undefined;
  const routes = [
    './',
    'courses',
    'catalog',
    catalogCourse && `catalog/${catalogCourse.objectiveId}`,
    finished && `courses/${finished.objectiveId}`,
    finished && `courses/${finished.objectiveId}/view/details`,
    inProgress && `courses/${inProgress.objectiveId}/view/content`,
    certificate && `courses/${certificate.objectiveId}/certificate/${certificate.number}`,
    notStarted && notStarted.link.replace(/^\//, ''),
    inProgress && workflowId && `courses/${inProgress.objectiveId}/workflow/${workflowId}/view`,
    inProgress && `courses/proctor/${inProgress.objectiveId}/1`,
    finished && `courses/redirect/${finished.objectiveId}`,
    'lti-tool-callback',
    'calendar',
    'calendar/agenda',
    'email-response-callback?activityId=x&activityPathId=1&answerId=a&answerText=b',
    'profile',
    'profile?tab=preferredTimeZone',
    'forbidden',
    'platform',
    'simulate-error',
    'no-such-page',
  ].filter(Boolean);
  return { routes, certificate, catalogCourse };
}

/** Opens `route` and waits for its heading (or the page to settle). */
async function open(page, route) {
  await page.goto(portal(route));
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
}

/** Opens `route`, runs axe; the report line. */
async function check(page, route, locale) {
  await open(page, route);
  const heading = await page
    .getByRole('heading', { level: 1 })
    .first()
    .innerText()
    .catch(() => '(no h1)');
  const violations = await axeViolations(page);
  const ids = violations.map((v) => `${v.id}(${v.nodes.length})`);
  const line = `${locale} /learn/${route === './' ? '' : route} — "${heading.trim()}": ${ids.length ? ids.join(', ') : 'no violations'}`;
  console.log(`a11y: ${line}`);
  return { line, violations: ids.length };
}

async function setLocale(page, tag) {
  await page.evaluate((t) => window.localStorage.setItem('learner-portal.locale', t), tag);
}

/** How many stops of the keyboard each route's walk takes at most. */
const FOCUS_STOPS = 20;

/**
 * Presses Tab from the page's heading on, up to FOCUS_STOPS times; at each stop compares the
 * screen focused and with focus taken away. A stop that changes fewer pixels than its box's
 * perimeter (its control's, for a control too small to see, as a visually hidden checkbox) has
 * no visible focus indicator: the list of those. Measured: a course card whose ring its list's
 * paint containment clipped changed 33 pixels; the card with its ring, 3,768. Returns the weak
 * stops and how many stops were walked.
 */
async function stopsWithoutVisibleFocus(page, route) {
  await page.evaluate(() => {
    const heading = document.querySelector('main h1') ?? document.querySelector('main');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  });
  const weak = [];
  const seen = new Set();
  for (let stop = 0; stop < FOCUS_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(50);
    const focused = await page.evaluateHandle(() => document.activeElement);
    const info = await focused.evaluate((element) => {
      if (!element || element === document.body || element.tagName === 'IFRAME') return null;
      let shown = element;
      let box = shown.getBoundingClientRect();
      while ((box.width < 4 || box.height < 4) && shown.parentElement) {
        shown = shown.parentElement;
        box = shown.getBoundingClientRect();
      }
      const name = (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40);
      return { what: `<${element.tagName.toLowerCase()} class="${element.className}"> "${name}"`, perimeter: 2 * (box.width + box.height), key: `${box.x},${box.y}` };
    });
    // The walk ends in a frame (the player's content), at the end of the page or where it began.
    if (!info || seen.has(info.what + info.key)) break;
    seen.add(info.what + info.key);
    const withFocus = await page.screenshot();
    await focused.evaluate((element) => element.blur());
    await page.waitForTimeout(50);
    const without = await page.screenshot();
    await focused.evaluate((element) => element.focus({ preventScroll: true }));
    const { changed } = await readScreenshots(page, [withFocus, without]);
    if (changed < info.perimeter) weak.push(`/learn/${route}: ${info.what} (${changed} pixels change, under ${Math.round(info.perimeter)})`);
  }
  return { weak, stops: seen.size };
}

describe('accessibility sweep', () => {
  for (const locale of ['en-US', 'ar-AR']) {
    it(`signed in as ada, every route, ${locale}`, { timeout: 600_000 }, async () => {
      await withPage(`a11y-signed-in-${locale}`, async (page) => {
        page.setDefaultTimeout(15_000);
        await page.goto(portal('courses'));
        await signIn(page);
        await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
        await setLocale(page, locale);
        const { routes } = await signedInRoutes(page);
        const failures = [];
        for (const route of routes) {
          const result = await check(page, route, locale);
          assert.equal(await page.locator('html').getAttribute('lang'), locale, `${route} is in ${locale}`);
          if (result.violations) failures.push(result.line);
        }
        assert.deepEqual(failures, [], `axe violations:\n${failures.join('\n')}`);
      });
    });

    it(`public routes, ${locale}`, { timeout: 300_000 }, async () => {
      // The certificate number and a catalog course come from a signed-in page of another context.
      let ids;
      await withPage(`a11y-ids-${locale}`, async (page) => {
        await page.goto(portal('courses'));
        await signIn(page);
        await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
        ids = await signedInRoutes(page);
      });
      await withPage(`a11y-public-${locale}`, async (page) => {
        await page.goto(portal('open-catalog'));
        await setLocale(page, locale);
        const routes = [
          'open-catalog',
          ids.catalogCourse && `open-catalog/${ids.catalogCourse.objectiveId}/view/details`,
          ids.certificate && `certificate/${ids.certificate.number}`,
          'certificate/NO-SUCH-CERTIFICATE',
          'sign-in-failed?reason=unavailable',
          'sign-in-failed?reason=refused',
          'sign-in-failed?reason=no_cookie',
        ].filter(Boolean);
        const failures = [];
        for (const route of routes) {
          const result = await check(page, route, locale);
          if (result.violations) failures.push(result.line);
        }
        assert.deepEqual(failures, [], `axe violations:\n${failures.join('\n')}`);
      });
    });
  }

  it('signed in as ada, every route: each keyboard stop shows where focus is', { timeout: 600_000 }, async () => {
    await withPage(
      'focus-visible',
      async (page) => {
        page.setDefaultTimeout(15_000);
        await page.goto(portal('courses'));
        await signIn(page);
        await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
        const { routes } = await signedInRoutes(page);
        const weak = [];
        let stops = 0;
        for (const route of routes) {
          await open(page, route);
          const walked = await stopsWithoutVisibleFocus(page, route);
          weak.push(...walked.weak);
          stops += walked.stops;
        }
        console.log(`focus: ${stops} stops on ${routes.length} routes, ${weak.length} without visible focus`);
        assert.ok(stops >= routes.length * 2, `the walks reached the pages' controls: ${stops} stops`);
        assert.deepEqual(weak, [], `stops without visible focus:\n${weak.join('\n')}`);
      },
      { context: { reducedMotion: 'reduce' } },
    );
  });

  it('in a high-contrast theme (forced colours), what is chosen and how far a course has come still show', { timeout: 180_000 }, async () => {
    await withPage(
      'forced-colors',
      async (page) => {
        page.setDefaultTimeout(15_000);
        await page.goto(portal('courses'));
        await signIn(page);
        await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
        assert.equal(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), true);
        const colours = async (locator, points) => {
          const box = await locator.boundingBox();
          const png = await locator.screenshot();
          return (await readScreenshots(page, [png], points(box))).colours.map((c) => c.join(','));
        };

        // A bar's filled start against its empty end (the theme drops backgrounds): the
        // Activity Types Tour is at 20 %, on its card and in its contents.
        const showsProgress = async (bar, where) => {
          const [filled, empty] = await colours(bar, (b) => [
            [b.width * 0.04, b.height / 2],
            [b.width * 0.96, b.height / 2],
          ]);
          assert.notEqual(filled, empty, `${where}: the bar shows its progress`);
        };
        const tour = page.locator('.course-card', { hasText: 'Activity Types Tour' });
        await showsProgress(tour.getByRole('progressbar'), 'the course card');
        const player = await tour.getByRole('link', { name: 'Activity Types Tour' }).getAttribute('href');
        await page.goto(new URL(player, env.servers.portalUrl).href);
        await showsProgress(page.locator('.toc').getByRole('progressbar'), 'the contents');
        await page.goto(portal('courses'));

        // A chosen filter's box against one left out (every box showed a check).
        await page.getByRole('button', { name: /^Filters/ }).click();
        const drawer = page.getByRole('dialog', { name: 'Filter courses' });
        const option = (name) => drawer.locator('.filter-option', { hasText: name });
        await option('Security').click();
        await eventually('Security chosen', () => drawer.getByRole('checkbox', { name: 'Security' }).isChecked());
        const box = (name) => option(name).locator('.filter-option__box');
        const [chosen] = await colours(box('Security'), (b) => [[b.width / 2, b.height / 2]]);
        const [left] = await colours(box('Onboarding'), (b) => [[b.width / 2, b.height / 2]]);
        assert.notEqual(chosen, left, 'the chosen filter is told from the others');
        await page.keyboard.press('Escape');

        // The chosen tab's underline against the other's (both took the text colour).
        await page.goto(portal('profile?tab=preferredTimeZone'));
        const tab = (name) => page.getByRole('tab', { name });
        await tab('Preferred time zone').waitFor();
        const underline = (b) => [[b.width / 2, b.height - 1.5]];
        const [selected] = await colours(tab('Preferred time zone'), underline);
        const [other] = await colours(tab('Personal info'), underline);
        assert.notEqual(selected, other, 'the chosen tab is told from the other');

        // The calendar's chosen view against the other (both on the page's background).
        await page.goto(portal('calendar'));
        const view = (name) => page.locator('.calendar-views__link', { hasText: name });
        await view('Month').waitFor();
        const inside = (b) => [[4, b.height / 2]];
        const [month] = await colours(view('Month'), inside);
        const [agenda] = await colours(view('Agenda'), inside);
        assert.notEqual(month, agenda, 'the chosen view is told from the other');
      },
      { context: { forcedColors: 'active', colorScheme: 'dark' } },
    );
  });
});
