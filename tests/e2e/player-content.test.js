// What each activity type shows a learner in the course player, on the sandbox's seeded content:
// the rich text of 'Data Privacy Basics' (heading, list, picture, table) with 'Mark as done', its
// walkthrough video (the sandbox's WebM with English and Arabic caption tracks that load under
// the portal's CSP, the position saved through the gateway and resumed), and the activity types
// tour's event (date and time in the learner's time zone, place, meeting link) and discussion
// (prompt, thread link). axe-core on each, screenshots at 1280 and 390 px in en-US and ar-AR.
// The time from Start on the details page to the first activity shown is measured and printed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiGet, assertAccessible, env, eventually, screenshot, signIn, useServers, withPage } from './support.js';

useServers();

const LOCALE_KEY = 'learner-portal.locale';
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
/** Ada's time zone in the seed; the browser runs in another one, so the portal must use hers. */
const LEARNER_TIME_ZONE = 'Europe/London';
const BROWSER_TIME_ZONE = 'America/Los_Angeles';
const portal = (path) => new URL(path, env.servers.portalUrl).href;

/** Collects the page's CSP violations (a blocked video or caption track shows up here). */
async function watchCsp(page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
}

/**
 * CSP violations of what the content loads (media, pictures, frames). react-aria's press
 * handling tries an inline <style> (touch-action) everywhere in the app; the policy refuses it
 * harmlessly, and it is not content, so style violations are left out here.
 */
async function cspViolations(page) {
  const all = await page.evaluate(() => window.__cspViolations ?? []);
  return all.filter((v) => !v.startsWith('style-src'));
}

async function signInAt(page, path) {
  await page.goto(portal(path));
  await signIn(page, 'ada');
  await page.waitForURL((url) => url.origin !== env.servers.sandboxOrigin, { timeout: 15_000 });
}

async function courseId(page, name) {
  const { body } = await apiGet(page, `/api/bff/my-courses?take=200&keyword=${encodeURIComponent(name.toLowerCase())}`);
  const card = body.items.find((c) => c.name === name);
  assert.ok(card, `no course ${name} in My courses`);
  return card.objectiveId;
}

/** The content path of an activity of a course's contents, by name. */
async function pathOf(page, id, name) {
  const { body } = await apiGet(page, `/api/bff/courses/${id}/tree`);
  const item = body.items.find((i) => i.name === name);
  assert.ok(item, `${name} in the contents`);
  return item.activityPathId;
}

function body(page) {
  return page.getByRole('main').locator('.player__body');
}

/**
 * react-aria's live announcer keeps, for about 7 s, a labelled image naming a pending button
 * that has since left the page; axe reports it. Checked once it has cleared.
 */
async function accessible(page, what) {
  await eventually('the live announcer cleared', async () => (await page.locator('[data-live-announcer] [role="img"]').count()) === 0, 12_000);
  await assertAccessible(page, what);
}

async function shoot(page, name, viewport) {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(250);
  await screenshot(page, name);
}

describe('activity content in the course player', () => {
  it('starts Data Privacy Basics: rich text, then a captioned video whose position is saved and resumed', { timeout: 180_000 }, async () => {
    await withPage(
      'player-content-privacy',
      async (page) => {
        await watchCsp(page);
        await signInAt(page, 'courses');
        const id = await courseId(page, 'Data Privacy Basics');
        await page.goto(portal(`courses/${id}`));
        await page.getByRole('heading', { level: 1, name: 'Data Privacy Basics' }).waitFor();
        const start = page.getByRole('main').getByRole('button', { name: 'Start', exact: true });
        await start.waitFor();
        const clicked = Date.now();
        await start.click();
        await page.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor({ timeout: 30_000 });
        await body(page).getByRole('heading', { level: 2, name: 'Why data privacy matters' }).waitFor({ timeout: 30_000 });
        const startToFirstActivityMs = Date.now() - clicked;
        console.log(`Start to first activity shown (Data Privacy Basics): ${startToFirstActivityMs} ms`);

        // The text: sanitised rich content with its list, picture and table.
        await body(page).getByRole('listitem').filter({ hasText: 'names, email addresses and phone numbers' }).waitFor();
        // A picture opens the gallery: a button named by its text.
        await body(page).getByRole('button', { name: /A yellow padlock on a blue background/ }).waitFor();
        await body(page).getByRole('table', { name: 'Examples' }).waitFor();
        await page.getByRole('button', { name: 'Mark as done' }).waitFor();
        await accessible(page, 'text activity (en-US)');
        await shoot(page, 'player-text-1280-en', DESKTOP);
        await shoot(page, 'player-text-390-en', MOBILE);
        await page.setViewportSize(DESKTOP);
        await page.getByRole('button', { name: 'Mark as done' }).click();
        await body(page).getByText('Completed', { exact: true }).waitFor();
        // Its score shows at once: the course reveals results as the learner goes.
        await page.locator('.toc').getByRole('link', { name: /Introduction.*Score: 100%/ }).waitFor();
        await page.getByRole('main').locator('.activity-score').getByText('100%').waitFor();

        // The video: the sandbox's file, with its caption tracks, under the portal's CSP.
        await page.getByRole('link', { name: /^Next: / }).click();
        await page.getByRole('heading', { level: 1, name: 'Walkthrough' }).waitFor();
        const video = body(page).locator('video');
        await video.waitFor();
        assert.equal(await video.getAttribute('lang'), 'en');
        const tracks = await video.locator('track').evaluateAll((list) =>
          list.map((t) => ({ kind: t.kind, srclang: t.srclang, label: t.label })),
        );
        assert.deepEqual(tracks, [
          { kind: 'captions', srclang: 'en', label: 'English' },
          { kind: 'captions', srclang: 'ar', label: 'العربية' },
        ]);
        await eventually('the video metadata loaded', async () =>
          video.evaluate((v) => v.readyState >= 1 && Math.round(v.duration) === 12),
        );
        // Showing a track makes the browser load it: both load and have their four cues.
        for (const index of [0, 1]) {
          await video.evaluate((v, i) => {
            v.textTracks[i].mode = 'showing';
          }, index);
          await eventually(`caption track ${index} loaded`, async () =>
            video.evaluate((v, i) => v.querySelectorAll('track')[i].readyState === 2 && v.textTracks[i].cues?.length === 4, index),
          );
        }
        const firstCue = await video.evaluate((v) => v.textTracks[1].cues[1].text);
        assert.equal(firstCue, 'البيانات الشخصية هي أي معلومات تحدد هوية شخص ما.');
        await video.evaluate((v) => {
          v.textTracks[1].mode = 'disabled';
        });
        assert.deepEqual(await cspViolations(page), [], 'nothing blocked by the CSP');

        // Play a few seconds, pause: the position is saved through the gateway.
        const saved = page.waitForResponse(
          (r) => r.request().method() === 'PUT' && /\/activities\/[^/]+\/progress$/.test(new URL(r.url()).pathname),
        );
        await video.evaluate(async (v) => {
          v.muted = true;
          v.currentTime = 5;
          await v.play();
        });
        await eventually('the video played', async () => video.evaluate((v) => v.currentTime > 5.5));
        await video.evaluate((v) => v.pause());
        const response = await saved;
        assert.equal(response.status(), 200);
        const sent = response.request().postDataJSON();
        assert.ok(sent.progress > 0.4 && sent.progress < 1, `progress ${JSON.stringify(sent)}`);
        await accessible(page, 'video activity (en-US)');
        await shoot(page, 'player-video-1280-en', DESKTOP);
        await shoot(page, 'player-video-390-en', MOBILE);

        // Opened again, it resumes there.
        await page.setViewportSize(DESKTOP);
        await page.reload();
        await body(page).getByText('Resumed where you left off.').waitFor();
        const resumedAt = await body(page).locator('video').evaluate((v) => v.currentTime);
        assert.ok(resumedAt > 5, `resumed at ${resumedAt}`);
      },
      { context: { viewport: DESKTOP, timezoneId: BROWSER_TIME_ZONE } },
    );
  });

  it('shows the tour’s event in the learner’s time zone and its discussion, in en-US and ar-AR', { timeout: 180_000 }, async () => {
    await withPage(
      'player-content-tour',
      async (page) => {
        await watchCsp(page);
        await signInAt(page, 'courses');
        const id = await courseId(page, 'Activity Types Tour');
        const webinar = await pathOf(page, id, 'Live webinar');
        const { body: view } = await apiGet(page, `/api/bff/courses/${id}/activities/${webinar}`);
        const event = view.activity.content.event;

        await page.goto(portal(`courses/${id}/view/content/${webinar}`));
        await page.getByRole('heading', { level: 1, name: 'Live webinar' }).waitFor();
        const facts = body(page).locator('.event-facts');
        await facts.waitFor();
        // The date in Ada's time zone (Europe/London), not the browser's.
        const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: LEARNER_TIME_ZONE }).format(new Date(event.start));
        const hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: LEARNER_TIME_ZONE })
          .formatToParts(new Date(event.start))
          .find((p) => p.type === 'hour').value;
        const when = await facts.innerText();
        assert.ok(when.includes(day.replace(/, \d{4}$/, '')), `${day} in ${when}`);
        assert.match(when, new RegExp(`\\b${hour}:00\\b`), `${hour}:00 (London) in ${when}`);
        assert.match(when, /GMT|BST/, `the zone is named: ${when}`);
        await facts.getByText('Acme Academy, Room 4.12, 1 Market Street, London').waitFor();
        const join = body(page).getByRole('link', { name: /^Join online/ });
        assert.equal(await join.getAttribute('href'), event.meetingUrl);
        await body(page).getByRole('listitem').filter({ hasText: 'Questions and answers' }).waitFor();
        await accessible(page, 'event activity (en-US)');
        await shoot(page, 'player-event-1280-en', DESKTOP);
        await shoot(page, 'player-event-390-en', MOBILE);
        await page.setViewportSize(DESKTOP);

        const forum = await pathOf(page, id, 'Forum');
        await page.goto(portal(`courses/${id}/view/content/${forum}`));
        await page.getByRole('heading', { level: 1, name: 'Forum' }).waitFor();
        await body(page).getByText(/Introduce yourself to the group/).waitFor();
        const open = body(page).getByRole('link', { name: /^Open the discussion/ });
        const popup = page.waitForEvent('popup');
        await open.click();
        const thread = await popup;
        await thread.getByRole('heading', { level: 1, name: 'Forum: introduce yourself' }).waitFor();
        await thread.close();
        await accessible(page, 'discussion activity (en-US)');
        await shoot(page, 'player-discussion-1280-en', DESKTOP);
        await shoot(page, 'player-discussion-390-en', MOBILE);

        // Right to left: the reading, the lecture, the event and the forum in ar-AR.
        await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LOCALE_KEY, 'ar-AR']);
        for (const [name, shot] of [
          ['Reading', 'text'],
          ['Lecture', 'video'],
          ['Live webinar', 'event'],
          ['Forum', 'discussion'],
        ]) {
          const path = await pathOf(page, id, name);
          await page.setViewportSize(DESKTOP);
          await page.goto(portal(`courses/${id}/view/content/${path}`));
          await eventually('dir="rtl"', async () => (await page.locator('html').getAttribute('dir')) === 'rtl');
          await page.getByRole('heading', { level: 1, name }).waitFor();
          await body(page).waitFor();
          if (shot === 'video') {
            await eventually('the lecture metadata loaded', async () => body(page).locator('video').evaluate((v) => v.readyState >= 1));
          }
          if (shot === 'event') await body(page).getByRole('link', { name: /^انضم عبر الإنترنت/ }).waitFor();
          await accessible(page, `${shot} activity (ar-AR)`);
          await shoot(page, `player-${shot}-1280-ar`, DESKTOP);
          await shoot(page, `player-${shot}-390-ar`, MOBILE);
        }
        assert.deepEqual(await cspViolations(page), [], 'nothing blocked by the CSP');
      },
      { context: { viewport: DESKTOP, timezoneId: BROWSER_TIME_ZONE } },
    );
  });
});
