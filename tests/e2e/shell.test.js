// The shell around the screens: language switch and right-to-left, the dashboard on acme and its
// absence on globex, permission routing (ken, rosa), the error pages, keyboard-only journeys,
// narrow and zoomed layouts; screenshots of the shell, profile, calendar, dashboard and an error
// page at 1280 and 390 px in en-US and ar-AR.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  apiGet,
  artifacts,
  assertAccessible,
  chooseLanguage,
  env,
  eventually,
  screenshot,
  signIn,
  useServers,
  withPage,
  globexToml,
  readScreenshots,
} from './support.js';

useServers({
  // acme with the dashboard, calendar, a privacy link and research features on; globex as the demo has it.
  extraToml: (sandboxUrl) => `
[tenants.acme.ui]
dashboard_enabled = true
calendar_enabled = true
privacy_policy_url = "https://acme.example/privacy"
platform_features = ["research", "knowledgeModels"]
research_projects_enabled = true
knowledge_models_enabled = true
${globexToml(sandboxUrl)}`,
});

const portal = (path = '') => new URL(path, env.servers.portalUrl).href;
const pathOf = (page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const h1 = (page, name) => page.getByRole('heading', { level: 1, name }).waitFor();

async function signInAt(page, where, user = 'ada') {
  await page.goto(where);
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname.startsWith('/learn/'), { timeout: 15_000 });
}

/** The page does not scroll sideways. */
async function assertNoHorizontalScroll(page, what) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.scrollingElement.scrollWidth,
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width + 1, `${what}: page is ${scroll}px wide in a ${width}px window`);
}

/** Where the first two courses of the page's course list start: one top twice means one row. */
async function firstTwoTops(page) {
  return page
    .getByRole('main')
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .first()
    .evaluate((list) => [...list.children].slice(0, 2).map((item) => Math.round(item.getBoundingClientRect().top)));
}

/** The first course card of the page: its cover, its title and the card, as boxes. */
async function firstCardBoxes(page) {
  const card = page.getByRole('main').getByRole('article').first();
  await card.waitFor();
  return card.evaluate((article) => {
    const box = (el) => el.getBoundingClientRect().toJSON();
    return { card: box(article), cover: box(article.firstElementChild), title: box(article.querySelector('h2, h3, h4')) };
  });
}

/**
 * The first course card of My courses, focused, shows its whole focus ring (#1e4aa8, 3 px wide, 2 px
 * out) and its bottom border. The list's items skip layout and paint off screen, which contains
 * their paint: the ring and the border were clipped away.
 */
async function assertCardFocusRingWhole(page) {
  const card = page.getByRole('main').getByRole('article').first();
  await card.getByRole('link').focus();
  await page.waitForTimeout(200);
  const box = await card.boundingBox();
  const clip = { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: box.height + 16 };
  const [midX, midY] = [box.x + box.width / 2, box.y + box.height / 2];
  const ring = [
    [midX, box.y - 3.5],
    [midX, box.y + box.height + 3.5],
    [box.x - 3.5, midY],
    [box.x + box.width + 3.5, midY],
  ];
  const border = [
    [box.x + 0.5, midY],
    [midX, box.y + box.height - 0.5],
  ];
  const shot = await page.screenshot({ clip });
  const { colours } = await readScreenshots(page, [shot], [...ring, ...border].map(([x, y]) => [x - clip.x, y - clip.y]));
  const near = (colour, [r, g, b]) => Math.abs(colour[0] - r) + Math.abs(colour[1] - g) + Math.abs(colour[2] - b) < 60;
  ['above', 'below', 'before', 'after'].forEach((side, i) =>
    assert.ok(near(colours[i], [30, 74, 168]), `${page.url()}: the focus ring shows ${side} the card: ${JSON.stringify(colours[i])}`),
  );
  assert.deepEqual(colours[5], colours[4], 'the bottom border is drawn as the side border is');
}

/** On a phone a course card is a row: the cover at the line's start, the title beside it. */
async function assertCardsAreRows(page, dir) {
  const { card, cover, title } = await firstCardBoxes(page);
  const beside = dir === 'ltr' ? cover.right <= title.left : title.right <= cover.left;
  assert.ok(beside, `the cover sits at the ${dir} start, beside the title: ${JSON.stringify({ cover, title })}`);
  assert.ok(card.height < 240, `a card is a row, not a poster: ${card.height}px tall`);
}

/**
 * In the Arabic agenda of a month with entries, the first entry's course name (English) starts at
 * the right, as the lines around it do, and keeps its own order inside its isolate.
 */
async function assertAgendaLinesStartRight(page) {
  const today = new Date();
  const day = (offset) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const { body } = await apiGet(page, `/api/bff/calendar?from=${day(-30)}&to=${day(30)}`);
  const entry = body?.entries?.[0];
  assert.ok(entry, `ada has calendar entries around today: ${JSON.stringify(body)}`);
  await page.goto(portal(`calendar/agenda?date=${entry.at.slice(0, 10)}`));
  // (Today's place in the agenda may come first, without entries.)
  const link = page.getByRole('main').getByRole('region').filter({ has: page.getByRole('link') }).first().getByRole('link').first();
  await link.waitFor();
  const { text, box, end, bdi } = await link.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const style = getComputedStyle(element);
    const outer = element.getBoundingClientRect();
    return {
      text: element.textContent,
      box: range.getBoundingClientRect().right,
      end: outer.right - parseFloat(style.paddingRight),
      bdi: element.querySelector('bdi')?.textContent ?? null,
    };
  });
  assert.ok(Math.abs(box - end) <= 2, `"${text}" ends ${end - box}px before the right edge`);
  assert.ok(bdi, `"${text}" is set apart in a <bdi>`);
}

/** A screenshot to look at: the whole page, or on a phone what the screen shows. */
async function shoot(page, name) {
  await page.waitForTimeout(350);
  if ((page.viewportSize()?.width ?? 1280) < 500) {
    const dir = path.join(artifacts, 'screens');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
  } else {
    await screenshot(page, name);
  }
}

describe('shell', () => {
  it('dashboard, profile, calendar and an error page in English and Arabic at 1280 px', { timeout: 180_000 }, async () => {
    await withPage('shell-wide', async (page) => {
      await signInAt(page, portal());
      await h1(page, 'Welcome back, Ada');
      assert.equal(pathOf(page), '/learn/');
      for (const section of ['Continue learning', 'Due soon', 'Recently finished']) {
        await page.getByRole('heading', { level: 2, name: section }).waitFor();
      }
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      assert.equal(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'), 'page');
      assert.equal(await page.title(), 'Dashboard | Learner portal');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor();
      await assertAccessible(page, 'dashboard en-US');
      await shoot(page, 'shell-dashboard-1280-en');

      await nav.getByRole('link', { name: 'Calendar' }).click();
      await h1(page, 'Calendar');
      await page.getByRole('grid').waitFor();
      await assertAccessible(page, 'calendar en-US');
      await shoot(page, 'shell-calendar-1280-en');

      await page.goto(portal('profile'));
      await page.getByRole('tab', { name: 'Personal info' }).waitFor();
      await assertAccessible(page, 'profile en-US');
      await shoot(page, 'shell-profile-1280-en');

      await page.goto(portal('no/such/page'));
      await h1(page, 'Page not found');
      await assertAccessible(page, 'not found en-US');
      await shoot(page, 'shell-error-1280-en');

      await page.goto(portal());
      await h1(page, 'Welcome back, Ada');
      await chooseLanguage(page, 'العربية');
      await eventually('dir="rtl"', async () => (await page.locator('html').getAttribute('dir')) === 'rtl');
      assert.equal(await page.locator('html').getAttribute('lang'), 'ar-AR');
      await h1(page, 'مرحبًا بعودتك، Ada');
      const box = await page.getByRole('navigation').first().boundingBox();
      assert.ok(box && box.x > 640, `the sidebar sits on the right: ${JSON.stringify(box)}`);
      // Latin digits in Arabic (numbering system latn).
      const footer = await page.getByRole('contentinfo').innerText();
      assert.match(footer, /الإصدار \d/);
      assert.doesNotMatch(await page.locator('body').innerText(), /[\u0660-\u0669]/, 'no Arabic-Indic digits');
      await assertAccessible(page, 'dashboard ar-AR');
      await shoot(page, 'shell-dashboard-1280-ar');

      await page.goto(portal('calendar'));
      await h1(page, 'التقويم');
      await assertAccessible(page, 'calendar ar-AR');
      await shoot(page, 'shell-calendar-1280-ar');
      await assertAgendaLinesStartRight(page);

      await page.goto(portal('profile?tab=preferredTimeZone'));
      await page.getByRole('combobox').waitFor();
      await assertAccessible(page, 'profile ar-AR');
      await shoot(page, 'shell-profile-1280-ar');

      await page.goto(portal('simulate-error'));
      await h1(page, '500 حدث خطأ ما');
      await assertAccessible(page, '500 ar-AR');
      await shoot(page, 'shell-error-1280-ar');

      // The choice is remembered and sent as Accept-Language.
      const sent = page.waitForRequest((r) => r.url().includes('/api/bff/session'));
      await page.goto(portal('courses'));
      assert.equal((await sent).headers()['accept-language'], 'ar-AR');
      await chooseLanguage(page, 'English');
      await eventually('dir="ltr"', async () => (await page.locator('html').getAttribute('dir')) === 'ltr');
    });
  });

  it('phone width: drawer navigation, screens in English and Arabic at 390 px', { timeout: 180_000 }, async () => {
    await withPage(
      'shell-narrow',
      async (page) => {
        await signInAt(page, portal());
        await h1(page, 'Welcome back, Ada');
        await assertNoHorizontalScroll(page, 'dashboard 390');
        assert.equal(await page.getByRole('navigation', { name: 'Main navigation' }).count(), 0, 'no sidebar on a phone');
        await assertCardsAreRows(page, 'ltr');
        await shoot(page, 'shell-dashboard-390-en');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Main navigation' });
        await drawer.waitFor();
        await assertAccessible(page, 'drawer en-US');
        await shoot(page, 'shell-drawer-390-en');
        await drawer.getByRole('link', { name: 'Calendar' }).click();
        await h1(page, 'Calendar');
        await assertNoHorizontalScroll(page, 'calendar 390');
        await shoot(page, 'shell-calendar-390-en');
        await page.goto(portal('profile?tab=preferredTimeZone'));
        await page.getByRole('combobox').waitFor();
        await assertNoHorizontalScroll(page, 'profile 390');
        await shoot(page, 'shell-profile-390-en');
        await page.goto(portal('forbidden'));
        await h1(page, '403 Forbidden');
        await shoot(page, 'shell-error-390-en');

        await page.goto(portal());
        await h1(page, 'Welcome back, Ada');
        await chooseLanguage(page, 'العربية');
        await eventually('dir="rtl"', async () => (await page.locator('html').getAttribute('dir')) === 'rtl');
        await assertNoHorizontalScroll(page, 'dashboard 390 ar');
        await assertCardsAreRows(page, 'rtl');
        await shoot(page, 'shell-dashboard-390-ar');
        await page.getByRole('button', { name: 'فتح القائمة' }).click();
        const box = await page.getByRole('dialog').boundingBox();
        assert.ok(box && box.x + box.width > 380, `the drawer opens from the right: ${JSON.stringify(box)}`);
        await shoot(page, 'shell-drawer-390-ar');
        await page.keyboard.press('Escape');
        await page.goto(portal('calendar/agenda'));
        await h1(page, 'التقويم');
        // The current month's agenda goes on under the next month's name.
        const months = page.getByRole('main').getByRole('heading', { level: 2 });
        await eventually('the next month under the current one', async () => (await months.count()) === 2);
        const [current, following] = await months.allTextContents();
        assert.notEqual(following, current);
        await shoot(page, 'shell-calendar-390-ar');
        await page.goto(portal('profile'));
        await page.getByRole('tablist').waitFor();
        const tabs = await page.getByRole('tablist').evaluate((list) => ({ scroll: list.scrollWidth, width: list.clientWidth }));
        assert.ok(tabs.scroll <= tabs.width, `the profile's tabs fit at 390 px in Arabic: ${JSON.stringify(tabs)}`);
        await shoot(page, 'shell-profile-390-ar');
        await page.goto(portal('no-such-page'));
        await h1(page, 'الصفحة غير موجودة');
        await shoot(page, 'shell-error-390-ar');
      },
      { context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    );
  });

  it('works at 320 px and at 200 % zoom without sideways scrolling', { timeout: 120_000 }, async () => {
    for (const [name, context] of [
      ['320', { viewport: { width: 320, height: 640 } }],
      // 200 % zoom of a 1280 px window: half the CSS pixels, twice the device pixels.
      ['zoom200', { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 }],
    ]) {
      await withPage(
        `shell-${name}`,
        async (page) => {
          await signInAt(page, portal());
          await h1(page, 'Welcome back, Ada');
          for (const route of ['', 'courses', 'calendar', 'calendar/agenda', 'profile?tab=preferredTimeZone', 'no-such-page']) {
            await page.goto(portal(route));
            await page.getByRole('heading', { level: 1 }).waitFor();
            await page.waitForTimeout(300);
            await assertNoHorizontalScroll(page, `${route || '/'} at ${name}`);
          }
          await page.goto(portal('calendar'));
          await shoot(page, `shell-calendar-${name}-en`);
          if (name === '320') {
            // A course name longer than the line has room for: the current page's crumb stays
            // beside 'My courses', cut short, rather than taking a line of its own.
            await page.goto(portal('courses?keyword=project'));
            // The card opens the player; its course's details page ends with the course's crumb.
            await page.getByRole('main').getByRole('link', { name: /Project Management Essentials/ }).click();
            await page.waitForURL(/\/learn\/courses\/[^/?]+\/view\//);
            await page.goto(page.url().replace(/\/view\/.*$/, ''));
            await h1(page, 'Project Management Essentials');
            const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
            await crumbs.last().waitFor();
            const boxes = await crumbs.evaluateAll((items) =>
              items.map((item) => ({ top: item.getBoundingClientRect().top, text: item.textContent })),
            );
            assert.equal(boxes.length, 2, JSON.stringify(boxes));
            assert.ok(Math.abs(boxes[0].top - boxes[1].top) < 2, `the crumbs share a line: ${JSON.stringify(boxes)}`);
            const cut = await crumbs.last().locator('[aria-current]').evaluate((el) => el.scrollWidth > el.clientWidth);
            assert.ok(cut, 'the course name is cut short with an ellipsis');
            await assertNoHorizontalScroll(page, 'course details at 320');
          }
        },
        { context },
      );
    }
  });

  it("prints a page's content alone: no header, navigation, breadcrumbs, notices, footer, widgets, buttons or empty colour covers", { timeout: 120_000 }, async () => {
    await withPage('print', async (page) => {
      await signInAt(page, portal('courses?keyword=tour'));
      await page.getByRole('main').getByRole('link', { name: /Activity Types Tour/ }).click();
      await page.waitForURL(/\/learn\/courses\/[^/?]+\/view\//);
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      const main = page.getByRole('main');
      const chrome = {
        header: page.getByRole('banner'),
        navigation: page.getByRole('navigation', { name: 'Main navigation' }),
        breadcrumbs: page.getByRole('navigation', { name: 'Breadcrumb' }),
        footer: page.locator('footer.app-footer'),
        'a button of the page': main.getByRole('button', { name: 'Contents' }),
      };
      // The breadcrumbs come in a chunk of their own, the Contents button with the course's tree.
      await chrome.breadcrumbs.waitFor();
      await chrome['a button of the page'].waitFor();
      for (const [what, locator] of Object.entries(chrome)) {
        assert.equal(await locator.isVisible(), true, `${what} shows on the screen`);
      }
      await page.emulateMedia({ media: 'print' });
      for (const [what, locator] of Object.entries(chrome)) {
        assert.equal(await locator.isVisible(), false, `${what} is not printed`);
      }
      assert.equal(await main.getByRole('heading', { level: 1 }).isVisible(), true, 'the activity is printed');
      const width = await main.evaluate((el) => el.getBoundingClientRect().width);
      const paper = await page.evaluate(() => document.documentElement.clientWidth);
      assert.ok(width >= paper - 2, `the content takes the paper's width: ${width} of ${paper}`);
      await page.emulateMedia({ media: 'screen' });

      // A course card whose cover is colour alone (left out on paper) prints without its box.
      await page.goto(portal('courses'));
      await h1(page, 'My courses');
      const cover = page.locator('.course-card__media--colour').first();
      const height = () => cover.evaluate((el) => el.getBoundingClientRect().height);
      const onScreen = await height();
      await page.emulateMedia({ media: 'print' });
      const onPaper = await height();
      assert.ok(onScreen > 80 && onPaper < 40, `the colour cover: ${onScreen}px on the screen, ${onPaper}px on paper`);
      await page.emulateMedia({ media: 'screen' });
    });
  });

  it("shows the dashboard's courses in two columns on a tablet (768 px), as My courses does, rows in one column, focus rings whole", { timeout: 120_000 }, async () => {
    await withPage(
      'shell-tablet',
      async (page) => {
        await signInAt(page, portal());
        await h1(page, 'Welcome back, Ada');
        for (const route of ['', 'courses']) {
          await page.goto(portal(route));
          await page.getByRole('heading', { level: 1 }).waitFor();
          const tops = await firstTwoTops(page);
          assert.equal(tops.length, 2, `/learn/${route} lists two courses at least`);
          assert.equal(tops[0], tops[1], `/learn/${route}: the first two courses share a row at 768 px`);
          const { card } = await firstCardBoxes(page);
          assert.ok(card.width < 400, `/learn/${route}: a card is a column's width, not the page's: ${card.width}px`);
          await assertCardFocusRingWhole(page);
        }
        await shoot(page, 'shell-dashboard-768-en');
        // Between a phone and a tablet: wherever a list has room for one column only, its cards
        // are rows, never one column of posters (at 561 to 583 px they were).
        for (const route of ['', 'courses']) {
          await page.goto(portal(route));
          await page.getByRole('heading', { level: 1 }).waitFor();
          for (const width of [540, 561, 570, 583, 600, 620]) {
            await page.setViewportSize({ width, height: 1024 });
            await page.waitForTimeout(100);
            const [first, second] = await firstTwoTops(page);
            const { card, cover, title } = await firstCardBoxes(page);
            const what = `/learn/${route} at ${width} px: ${JSON.stringify({ card, cover, title })}`;
            if (first === second) {
              assert.ok(cover.bottom <= title.top, `two columns of posters, the cover above the title: ${what}`);
            } else {
              await assertCardsAreRows(page, 'ltr');
            }
            if (width === 570) await assertCardFocusRingWhole(page);
          }
        }
      },
      { context: { viewport: { width: 768, height: 1024 } } },
    );
  });

  it('has no dashboard on globex: / goes to the courses, keeping query and hash', { timeout: 120_000 }, async () => {
    await withPage('globex', async (page) => {
      const globex = new URL(env.servers.portalUrl);
      globex.hostname = 'globex.localhost';
      await signInAt(page, new URL('?a=1#x', globex).href, 'linus');
      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await h1(page, 'Learning');
      const url = new URL(page.url());
      assert.equal(`${url.pathname}${url.search}${url.hash}`, '/learn/courses?a=1#x');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      assert.equal(await nav.getByRole('link', { name: 'Dashboard' }).count(), 0);
      assert.equal(await nav.getByRole('link', { name: 'Catalog' }).count(), 0);
      await assertAccessible(page, 'globex courses');
    });
  });

  it('sends ken to /forbidden without a button and rosa to /platform', { timeout: 120_000 }, async () => {
    await withPage('ken', async (page) => {
      await signInAt(page, portal('courses'), 'ken');
      await page.waitForURL((url) => url.pathname === '/learn/forbidden', { timeout: 15_000 });
      await h1(page, '403 Forbidden');
      const main = page.getByRole('main');
      assert.equal(await main.getByRole('link').count(), 0);
      assert.equal(await main.getByRole('button').count(), 0);
      await assertAccessible(page, 'forbidden');
    });
    await withPage('rosa', async (page) => {
      await signInAt(page, portal(), 'rosa');
      await page.waitForURL((url) => url.pathname === '/learn/platform', { timeout: 15_000 });
      await h1(page, 'Research and knowledge models');
      assert.equal(
        await page.getByRole('link', { name: 'Open research projects' }).getAttribute('href'),
        '/platform/research-projects?returnUrl=/',
      );
      await assertAccessible(page, 'platform');
      // No sidebar here: the feedback button floats over the page, and the footer's texts stay
      // clear of it at the end of the page.
      const feedback = page.getByRole('button', { name: 'Feedback' });
      await feedback.waitFor({ timeout: 15_000 });
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
      const button = await feedback.boundingBox();
      for (const text of await page.getByRole('contentinfo').locator(':scope > *').all()) {
        const t = await text.boundingBox();
        const apart = t.y + t.height <= button.y || button.y + button.height <= t.y || t.x + t.width <= button.x || button.x + button.width <= t.x;
        assert.ok(apart, `the feedback button ${JSON.stringify(button)} covers "${await text.innerText()}" ${JSON.stringify(t)}`);
      }
    });
  });

  it('shows the error pages: 404 with My courses for a learner, 500 for a crash', { timeout: 120_000 }, async () => {
    await withPage('errors', async (page) => {
      await signInAt(page, portal('nowhere'));
      await h1(page, 'Page not found');
      assert.equal(await page.getByRole('main').count(), 1);
      await page.getByRole('link', { name: 'Go to My courses' }).click();
      await h1(page, 'My courses');
      await page.goto(portal('simulate-error'));
      await h1(page, '500 Something went wrong');
      await page.getByText('Please try again in a few minutes.').waitFor();
      await assertAccessible(page, 'simulate-error');
      // login-callback: a foreign redirect URL goes to the client home.
      await page.goto(portal(`login-callback?redirectUrl=${encodeURIComponent('https://evil.example/')}`));
      await h1(page, 'Welcome back, Ada');
    });
  });

  it('offline: the shell says so, a page or the chat whose code cannot be fetched says so in the shell, and both come once back online, without a reload', { timeout: 120_000 }, async () => {
    await withPage('chunk-failure', async (page) => {
      await signInAt(page, portal('courses'));
      await h1(page, 'My courses');
      // A reload would lose this.
      await page.evaluate(() => {
        window.sameDocument = true;
      });
      // The dashboard's and the chat's code have not been fetched yet: with the network gone,
      // they cannot be.
      await page.context().setOffline(true);
      const offline = page.getByText('You are offline.');
      await offline.waitFor();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await h1(page, /Something went wrong/);
      await page.getByText('A part of the page could not be loaded. Please reload the page.').waitFor();
      assert.equal(pathOf(page), '/learn');
      assert.equal(await nav.count(), 1, 'the shell stays');
      await assertAccessible(page, 'a page whose code could not be fetched');

      // The chat, asked for: the page says why it does not open.
      await page.getByRole('banner').getByRole('link', { name: /^Messages/ }).click();
      const chatFailed = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
      await chatFailed.waitFor();
      assert.equal(await chatFailed.getByRole('button', { name: 'Reload the page' }).count(), 1);
      await assertAccessible(page, 'the chat whose code could not be fetched');

      // Back online: the chat comes by itself; the dashboard on the learner's next visit.
      await page.context().setOffline(false);
      await offline.waitFor({ state: 'detached' });
      await page.getByRole('dialog', { name: 'Messages' }).waitFor();
      await chatFailed.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Close messages' }).click();
      await page.getByRole('dialog', { name: 'Messages' }).waitFor({ state: 'detached' });
      await nav.getByRole('link', { name: 'My courses' }).click();
      await h1(page, 'My courses');
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await h1(page, 'Welcome back, Ada');
      assert.equal(await page.evaluate(() => window.sameDocument), true, 'no reload');
    });
  });

  it('keyboard only: sign in, find and open a course, change the language, set the time zone', { timeout: 180_000 }, async () => {
    await withPage('keyboard', async (page) => {
      await page.goto(portal('courses'));
      // Sign in with the keyboard.
      await page.getByLabel(/user\s*name/i).focus();
      await page.keyboard.type('ada');
      await page.keyboard.press('Tab');
      await page.keyboard.type('demo');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await h1(page, 'My courses');

      // The skip link is the first stop and leads into the main content.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to main content');

      // Find a course by typing in the search box, then open it with Enter.
      const search = page.getByRole('searchbox');
      await search.focus();
      await page.keyboard.type('safety');
      // The search applies after a pause; act on its answer, as a learner reading the list would.
      await page.waitForURL((url) => url.searchParams.get('keyword') === 'safety', { timeout: 15_000 });
      await page.locator('ul.course-grid:not([aria-busy="true"])').waitFor();
      const link = page.getByRole('main').getByRole('link', { name: /Safety/i }).first();
      await link.waitFor();
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => /\/learn\/courses\/[^/]+/.test(url.pathname), { timeout: 15_000 });
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The new page's heading takes focus once the course has loaded; wait for it, so that it
      // does not take focus from the menu button below.
      await eventually('focus on the course heading', async () =>
        page.evaluate(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent !== ''),
      );

      // Change the language through the user menu with the keyboard.
      await page.getByRole('banner').locator('button[aria-haspopup="true"]').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      await eventually('the language item focused', async () => {
        const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (name.includes('Language')) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      });
      await page.keyboard.press('ArrowRight');
      await page.getByRole('menuitemradio', { name: 'العربية' }).waitFor();
      await eventually('Arabic focused', async () => {
        const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (name.includes('العربية')) return true;
        await page.keyboard.press('ArrowDown');
        return false;
      });
      await page.keyboard.press('Enter');
      await eventually('dir="rtl"', async () => (await page.locator('html').getAttribute('dir')) === 'rtl');

      // Set the time zone with the keyboard.
      await page.goto(portal('profile?tab=preferredTimeZone'));
      const combo = page.getByRole('combobox');
      await combo.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Tokyo');
      await page.getByRole('option', { name: /Asia\/Tokyo/ }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByText('تم ضبط المنطقة الزمنية').first().waitFor();
      const saved = await page.evaluate(async () => {
        const response = await fetch('/api/bff/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
        return (await response.json()).user.timezone;
      });
      assert.equal(saved, 'Asia/Tokyo');
    });
  });
});
