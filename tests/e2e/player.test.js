// Browser journeys of the course player through the real gateway and lms-sandbox: start a
// course from its details and work through its activities, retake, locked modules, review,
// the redirect entry with its fallbacks, keyboard-only use of the contents, the analytics
// events read back from the sandbox's sink, axe in en-US and ar-AR, screenshots at 1280 and
// 390 px wide.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiGet, assertAccessible, env, eventually, screenshot, signIn, useServers, withPage } from './support.js';

// Events are forwarded to the tenant's sink only in the `test` and `prod` environments; a
// short flush interval lets the test read them back soon.
useServers({ extraToml: () => 'environment = "test"\n\n[events]\nflush_interval_ms = 200\n' });

const LOCALE_KEY = 'learner-portal.locale';
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
const portal = (path) => new URL(path, env.servers.portalUrl).href;

/** Signs ada in at `path` (under /learn). */
async function signInAt(page, path, user = 'ada') {
  await page.goto(portal(path));
  await signIn(page, user);
  await page.waitForURL((url) => url.origin !== env.servers.sandboxOrigin, { timeout: 15_000 });
}

/** The objective id of one of the signed-in learner's courses, by name. */
async function courseId(page, name) {
  const { body } = await apiGet(page, `/api/bff/my-courses?take=200&keyword=${encodeURIComponent(name.toLowerCase())}`);
  const card = body.items.find((c) => c.name === name);
  assert.ok(card, `no course ${name} in My courses`);
  return card.objectiveId;
}

/** Events of tenant acme in the sandbox's sink. */
async function sinkEvents() {
  const response = await fetch(`${env.servers.sandboxOrigin}/admin/events?tenant=acme`);
  assert.equal(response.status, 200);
  const body = await response.json();
  // The gateway forwards {name, properties: {objectiveId, ...}, tenant, userId, ...}.
  return body.events.map((e) => ({ name: e.event.name, ...e.event.properties }));
}

function contents(page) {
  return page.getByRole('main').getByRole('list', { name: 'Course contents' });
}

async function heading(page, name) {
  const h1 = page.getByRole('heading', { level: 1, name });
  await h1.waitFor();
  return h1;
}

async function isFocused(locator) {
  return locator.evaluate((el) => el === document.activeElement);
}

/**
 * react-aria's live announcer keeps, for about 7 s, a labelled image naming a pending button
 * that has since left the page (Start, Mark as done); axe then reports it. Checked once it has
 * cleared, so the check is about the page itself.
 */
async function accessible(page, what) {
  await eventually('the live announcer cleared', async () => (await page.locator('[data-live-announcer] [role="img"]').count()) === 0, 12_000);
  await assertAccessible(page, what);
}

async function shoot(page, name, viewport) {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(200);
  await screenshot(page, name);
}

describe('course player', () => {
  it('starts Data Privacy Basics from its details and finishes Introduction and Walkthrough', { timeout: 180_000 }, async () => {
    await withPage('player-start', async (page) => {
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Data Privacy Basics');
      await page.goto(portal(`courses/${id}`));
      await heading(page, 'Data Privacy Basics');
      const start = page.getByRole('main').getByRole('button', { name: 'Start', exact: true });
      await start.waitFor();
      const clicked = Date.now();
      await start.click();
      await page.waitForURL((url) => url.pathname.startsWith(`/learn/courses/${id}/view/content/`), { timeout: 30_000 });
      await heading(page, 'Introduction');
      await page.getByRole('main').locator('.player__body').waitFor();
      const startToFirstActivityMs = Date.now() - clicked;
      console.log(`Start to first activity shown: ${startToFirstActivityMs} ms`);

      // Introduction is started when opened, then marked as done.
      const done = page.getByRole('button', { name: 'Mark as done' });
      await done.click();
      await page.getByRole('main').getByText('Completed', { exact: true }).first().waitFor();
      await eventually('Introduction completed in the contents', async () =>
        (await contents(page).getByRole('link', { name: /Introduction/ }).innerText()).includes('Completed') ||
        (await contents(page).getByRole('link', { name: /Introduction/ }).textContent()).includes('Completed'),
      );
      await shoot(page, 'player-data-privacy-1280-en', DESKTOP);

      await page.getByRole('link', { name: /^Next: / }).click();
      const walkthrough = await heading(page, 'Walkthrough');
      await eventually('focus on the new heading', () => isFocused(walkthrough));
      await page.getByRole('button', { name: 'Mark as done' }).click();
      await eventually('Walkthrough completed in the contents', async () =>
        (await contents(page).getByRole('link', { name: /Walkthrough/ }).textContent()).includes('Completed'),
      );
      await accessible(page, 'player (en-US)');
      await shoot(page, 'player-walkthrough-1280-en', DESKTOP);
      await shoot(page, 'player-walkthrough-390-en', MOBILE);

      const { body: details } = await apiGet(page, `/api/bff/courses/${id}`);
      assert.equal(details.status, 'inProgress');
      assert.ok(details.progressPercent > 0, `progress ${details.progressPercent}`);

      // The events of this start, read back from the sandbox's sink (batched every 2 s).
      const events = await eventually(
        'the player events in the sink',
        async () => {
          const all = (await sinkEvents()).filter((e) => e.objectiveId === id);
          const names = all.map((e) => e.name);
          return ['course_open_first_time', 'objective_start', 'activity_start'].every((n) => names.includes(n)) &&
            names.filter((n) => n === 'activity_start').length >= 2
            ? all
            : null;
        },
        20_000,
      );
      const activityStarts = events.filter((e) => e.name === 'activity_start');
      assert.ok(activityStarts.every((e) => e.activityId && e.objectiveWorkflowId === details.workflowId), JSON.stringify(activityStarts));
    });
  });

  it('retakes Financial Literacy and keeps the earlier attempt', { timeout: 120_000 }, async () => {
    await withPage('player-retake', async (page) => {
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Financial Literacy');
      const before = (await apiGet(page, `/api/bff/courses/${id}`)).body;
      await page.goto(portal(`courses/${id}`));
      await heading(page, 'Financial Literacy');
      await page.getByRole('main').getByRole('button', { name: 'Start again' }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`/learn/courses/${id}/view/content/`), { timeout: 30_000 });
      await page.getByRole('main').locator('.player__body').waitFor();
      const after = (await apiGet(page, `/api/bff/courses/${id}`)).body;
      assert.equal(after.status, 'inProgress');
      assert.notEqual(after.workflowId, before.workflowId, 'a new attempt');
      assert.ok(after.attempts.length >= Math.max(1, before.attempts.length), 'earlier attempts kept');
      const statuses = await contents(page).getByRole('link').allTextContents();
      assert.ok(statuses.every((s) => !s.includes('Below passing score')), `fresh contents: ${statuses}`);
      await eventually('course_restart in the sink', async () =>
        (await sinkEvents()).some((e) => e.name === 'course_restart' && e.objectiveId === id),
        20_000,
      );
    });
  });

  it('opens a locked module of Cybersecurity Program and reads its reason; keyboard only through the contents', { timeout: 120_000 }, async () => {
    await withPage('player-locked', async (page) => {
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Cybersecurity Program');
      await page.goto(portal(`courses/${id}/view/content/1.2`));
      await heading(page, 'Threat landscape');

      // Keyboard only: Tab to the locked module in the contents, open it with Enter.
      const module2 = contents(page).getByRole('link', { name: /Module 2/ });
      await module2.waitFor();
      let reached = false;
      for (let i = 0; i < 60 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await isFocused(module2);
      }
      assert.ok(reached, 'Tab reaches Module 2 in the contents');
      await page.keyboard.press('Enter');
      const h1 = await heading(page, 'Module 2');
      await eventually('focus on the module heading', () => isFocused(h1));
      await page.getByText('To get access, you have to complete previous assignments.').waitFor();
      await page.getByText('This activity is locked').waitFor();
      assert.equal(await contents(page).getByRole('link', { name: /Module 2/ }).getAttribute('aria-current'), 'page');

      // A section toggle works with the keyboard and says whether it is open.
      const toggle = contents(page).getByRole('button', { name: 'Activities of Module 1' });
      await toggle.focus();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await page.keyboard.press('Enter');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await page.keyboard.press('Space');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');

      // Next from the keyboard: focus lands on the new activity's heading.
      await page.getByRole('link', { name: /^Next: / }).focus();
      await page.keyboard.press('Enter');
      const next = page.getByRole('heading', { level: 1 });
      await eventually('focus on the next heading', async () => (await next.innerText()) !== 'Module 2' && isFocused(next));
      await shoot(page, 'player-cyber-locked-1280-en', DESKTOP);
      await page.goto(portal(`courses/${id}/view/content/2`));
      await heading(page, 'Module 2');
      await shoot(page, 'player-cyber-locked-390-en', MOBILE);
      // Closed below the course-shell breakpoint; the button opens it.
      const toggleContents = page.getByRole('button', { name: 'Contents', exact: true });
      assert.equal(await toggleContents.getAttribute('aria-expanded'), 'false');
      await toggleContents.click();
      await contents(page).waitFor();
    });
  });

  it('keeps the course contents below the sticky header when the page scrolls, at 1280 px', { timeout: 120_000 }, async () => {
    await withPage('player-contents-sticky', async (page) => {
      await page.setViewportSize(DESKTOP);
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Activity Types Tour');
      await page.goto(portal(`courses/${id}/view/content`));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await contents(page).waitFor();
      await page.getByRole('main').locator('.player__body').waitFor();
      // The player moves the focus to the activity's heading once the activity is in, which
      // scrolls back up: scroll to the end until the page stays there.
      await eventually('the page scrolled to its end', async () => {
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
        await page.waitForTimeout(200);
        return page.evaluate(() => window.scrollY > 0);
      });
      const { header, toc } = await page.evaluate(() => {
        const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
        return { header: box('.app-header'), toc: box('.player__toc') };
      });
      assert.ok(toc.top >= header.bottom, `the contents (top ${toc.top}) start below the header (bottom ${header.bottom})`);
    });
  });

  it('reviews a finished course read-only and sends course_open_for_review', { timeout: 120_000 }, async () => {
    await withPage('player-review', async (page) => {
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Workplace Safety');
      await page.goto(portal(`courses/${id}/view/content?viewType=REVIEW`));
      await page.waitForURL((url) => /\/view\/content\/[\d.]+$/.test(url.pathname) && url.searchParams.get('viewType') === 'REVIEW');
      await page.getByText('You are reviewing a finished attempt.', { exact: false }).waitFor();
      await page.getByRole('main').locator('.player__body').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Mark as done' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Finish course' }).count(), 0);
      const next = page.getByRole('link', { name: /^Next: / });
      if (await next.count()) {
        assert.match(await next.getAttribute('href'), /viewType=REVIEW/, 'the search is carried over');
      }
      await eventually('course_open_for_review in the sink', async () =>
        (await sinkEvents()).some((e) => e.name === 'course_open_for_review' && e.objectiveId === id),
        20_000,
      );
    });
  });

  it('finishes Time Management: finish dialog, submit prompt, waiting state, then the result', { timeout: 120_000 }, async () => {
    await withPage('player-submit', async (page) => {
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Time Management');
      await page.goto(portal(`courses/${id}/view/content`));
      await page.waitForURL((url) => /\/view\/content\/[\d.]+$/.test(url.pathname));
      await page.getByRole('main').locator('.player__body').waitFor();
      await page.getByRole('button', { name: 'Finish course' }).click();
      const dialog = page.getByRole('dialog', { name: 'Finish the course?' });
      await dialog.getByText(/mandatory activit/).waitFor();
      await dialog.getByRole('button', { name: 'Finish anyway' }).click();
      const prompt = page.getByRole('alertdialog', { name: 'Submit your results?' });
      await prompt.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Submitting your results… This can take up to a minute.').waitFor();
      await page.getByRole('heading', { name: 'Course finished' }).waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: 'Course finished' }).getByText(/Passed|Not passed/).waitFor();
      await accessible(page, 'course result (en-US)');
      await shoot(page, 'player-result-1280-en', DESKTOP);
      await shoot(page, 'player-result-390-en', MOBILE);
      const { body } = await apiGet(page, `/api/bff/courses/${id}`);
      assert.equal(body.status, 'finished');
    });
  });

  it('resolves the redirect entry and falls back to course details', { timeout: 120_000 }, async () => {
    await withPage('player-redirect', async (page) => {
      await signInAt(page, 'courses');
      const cyber = await courseId(page, 'Cybersecurity Program');
      const secure = await courseId(page, 'Secure Coding 101');
      const cases = [
        [`courses/redirect/${cyber}?activityPathId=1.2`, `/learn/courses/${cyber}/view/content/1.2`],
        [`courses/redirect?objectiveId=${cyber}&activityPathId=1.2`, `/learn/courses/${cyber}/view/content/1.2`],
        [`courses/redirect/${cyber}?activityPathId=9.9`, `/learn/courses/${cyber}`],
        [`courses/redirect/${secure}`, `/learn/courses/${secure}`],
        ['courses/redirect/00000000-0000-4000-8000-000000000000', '/learn/courses/00000000-0000-4000-8000-000000000000'],
        ['courses/redirect/not-a-course', '/learn/courses/not-a-course'],
        ['courses/redirect', '/learn/courses'],
      ];
      for (const [from, to] of cases) {
        await page.goto(portal(from));
        await page.waitForURL((url) => url.pathname === to, { timeout: 15_000 });
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
    });
  });

  it('has no WCAG 2.1 A/AA violation in ar-AR; screenshots right to left', { timeout: 120_000 }, async () => {
    await withPage('player-ar', async (page) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [LOCALE_KEY, 'ar-AR']);
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Cybersecurity Program');
      await page.goto(portal(`courses/${id}/view/content/1.2`));
      await eventually('dir="rtl"', async () => (await page.locator('html').getAttribute('dir')) === 'rtl');
      await page.getByRole('heading', { level: 1, name: 'Threat landscape' }).waitFor();
      await page.getByRole('main').getByRole('list', { name: 'محتويات الدورة' }).waitFor();
      await accessible(page, 'player (ar-AR)');
      await shoot(page, 'player-cyber-1280-ar', DESKTOP);
      await shoot(page, 'player-cyber-390-ar', MOBILE);
      await page.setViewportSize(DESKTOP);
      await page.goto(portal(`courses/${id}/view/content/2`));
      await page.getByText('للحصول على الوصول، عليك إكمال المهام السابقة.').waitFor();
      await accessible(page, 'locked module (ar-AR)');
      await shoot(page, 'player-cyber-locked-1280-ar', DESKTOP);
    });
  });

  it('has no WCAG 2.1 A/AA violation on a module and the finish dialog in en-US', { timeout: 120_000 }, async () => {
    await withPage('player-module', async (page) => {
      await signInAt(page, 'courses');
      const id = await courseId(page, 'Cybersecurity Program');
      await page.goto(portal(`courses/${id}/view/content/1`));
      await heading(page, 'Module 1');
      await page.getByRole('list', { name: 'Activities of this module' }).waitFor();
      await accessible(page, 'module page (en-US)');
      await shoot(page, 'player-module-1280-en', DESKTOP);
      await page.getByRole('button', { name: 'Finish course' }).click();
      const dialog = page.getByRole('dialog', { name: 'Finish the course?' });
      await dialog.waitFor();
      await accessible(page, 'finish dialog (en-US)');
      await shoot(page, 'player-finish-dialog-1280-en', DESKTOP);
      await dialog.getByRole('button', { name: 'Finish anyway' }).click();
      const prompt = page.getByRole('alertdialog', { name: 'Submit your results?' });
      await prompt.getByText('If you choose submit, you will submit your results and will not be able to resume.').waitFor();
      await prompt.getByRole('button', { name: 'Cancel' }).click();
      await prompt.waitFor({ state: 'detached' });
    });
  });
});
