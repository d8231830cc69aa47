// LTI, proctored and collaborative activities in the browser: ada starts 'Data Privacy Basics',
// launches its LTI quiz in the sandbox's stand-in tool (a new window: the course is fullscreen),
// scores it there and sees it completed in the contents; a single-LTI course launches into the
// page's iframe; the proctored exam shows the in-grading rule; ada and grace share the group
// workflow of 'Team assignment'. axe-core on the workflow page and an LTI activity in en-US and ar-AR, and
// screenshots at 1280 and 390 px.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertAccessible,
  chooseLanguage,
  env,
  eventually,
  readView,
  screenshot,
  signIn,
  useServers,
  withPage,
} from './support.js';

useServers();

const WIDE = { viewport: { width: 1280, height: 800 } };
const NARROW = { viewport: { width: 390, height: 844 } };

/** Signs `page` in as `user` and waits for the portal. */
async function signedIn(page, user = 'ada') {
  await page.goto(env.servers.portalUrl);
  await signIn(page, user);
  await page.waitForURL((url) => url.href.startsWith(env.servers.portalUrl), { timeout: 15_000 });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** POSTs a command from the page, as the client does. */
async function command(page, path, body = {}) {
  return page.evaluate(
    async ({ p, b }) => {
      const response = await fetch(p, {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', Prefer: 'respond-sync' },
        body: JSON.stringify(b),
      });
      if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { p: path, b: body },
  );
}

/** The objective id of one of the user's courses, by name. */
async function courseId(page, name) {
  const courses = await readView(page, `/api/bff/my-courses?keyword=${encodeURIComponent(name.toLowerCase())}`);
  const card = courses.items.find((c) => c.name === name);
  assert.ok(card, `${name} in My courses`);
  return card.objectiveId;
}

/** The contents' link of an activity. */
function tocLink(page, name) {
  return page.locator('.toc').getByRole('link', { name: new RegExp(name) });
}

describe('LTI, proctored and collaborative activities', () => {
  it('ada starts Data Privacy Basics, launches its quiz in the stand-in tool, scores it and sees it completed', async () => {
    await withPage(
      'lti-quiz',
      async (page) => {
        await signedIn(page);
        const id = await courseId(page, 'Data Privacy Basics');
        // Start from the details page's Start button, as a learner would.
        await page.goto(new URL(`courses/${id}`, env.servers.portalUrl).href);
        await page.getByRole('button', { name: 'Start', exact: true }).click();
        await page.waitForURL(/\/view\/content/, { timeout: 15_000 });
        const tree = await readView(page, `/api/bff/courses/${id}/tree`);
        const quiz = tree.items.find((i) => i.name === 'Quiz');
        assert.equal(quiz.kind, 'lti');
        assert.equal(quiz.status, 'notStarted');

        await page.goto(new URL(`courses/${id}/view/content/${quiz.activityPathId}`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 1, name: 'Quiz' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'External activity' }).waitFor();
        const launch = page.getByRole('button', { name: /Launch activity|Open activity in a new window/ });
        await launch.waitFor();
        await screenshot(page, 'lti-activity-1280-en');
        await assertAccessible(page, 'LTI activity (en-US)');

        // The course is fullscreen: the tool opens in a new window, at the tool's own origin.
        const opened = page.waitForEvent('popup');
        await launch.click();
        const tool = await opened;
        await tool.waitForURL((url) => url.origin === env.servers.sandboxOrigin && url.pathname.includes('/lti/launch/'));
        await tool.getByRole('heading', { level: 1, name: 'Quiz' }).waitFor();
        assert.match(await tool.locator('main').innerText(), /Ada Lovelace/);
        assert.match(await tool.locator('main').innerText(), /Data Privacy Basics/);
        await tool.setViewportSize({ width: 1280, height: 800 });
        await screenshot(tool, 'lti-tool-1280');
        assert.equal(await page.locator('form[action*="/lti/launch/"]').count(), 0, 'the resource form never entered the portal page');
        await page.getByText('The activity is open in a new window.', { exact: false }).waitFor();

        // Score it: the tool records the score, finishes the activity and sends the window back
        // to the portal, which closes it and refreshes the contents.
        await tool.getByLabel(/Score/).fill('9');
        const closed = tool.waitForEvent('close', { timeout: 15_000 });
        await tool.getByRole('button', { name: 'Submit score' }).click();
        await closed;
        await eventually('the quiz completed in the contents', async () =>
          /(^|\s)Completed/.test(await tocLink(page, 'Quiz').innerText()),
        );
        await page.locator('.lti-status').getByText('Finished').waitFor();
        await page.getByText('Your result was sent to the course.').first().waitFor();
        const after = await readView(page, `/api/bff/courses/${id}/tree`);
        assert.equal(after.items.find((i) => i.name === 'Quiz').status, 'completed');
        // The tool's score (9 of 10) in the contents and under the activity's name.
        assert.deepEqual(after.items.find((i) => i.name === 'Quiz').score, { percent: 90, points: { score: 9, maxScore: 10 }, color: 'success' });
        await page.locator('.toc').getByRole('link', { name: /Quiz.*Score: 90%/ }).waitFor();
        assert.equal(await tocLink(page, 'Quiz').locator('.toc__score').innerText(), '90%');
        const score = page.getByRole('main').locator('.activity-score');
        await score.getByText('90%').waitFor();
        await score.getByText('9 out of 10 points').waitFor();
        await screenshot(page, 'lti-activity-scored-1280-en');

        // The workflow view of the attempt.
        await page.goto(new URL(`courses/${id}/workflow/${after.workflowId}/view`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 1, name: 'Course attempt' }).waitFor();
        const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Quiz' }) });
        await item.getByText('Finished').waitFor();
        await screenshot(page, 'lti-workflow-1280-en');
        await assertAccessible(page, 'workflow page (en-US)');

        await chooseLanguage(page, 'العربية');
        await page.getByRole('heading', { level: 1, name: 'محاولة الدورة' }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        await screenshot(page, 'lti-workflow-1280-ar');
        await assertAccessible(page, 'workflow page (ar-AR)');
        await page.goto(new URL(`courses/${id}/view/content/${quiz.activityPathId}`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 2, name: 'نشاط خارجي' }).waitFor();
        await page.locator('.lti-status').getByText('مكتمل').waitFor();
        await screenshot(page, 'lti-activity-1280-ar');
        await assertAccessible(page, 'LTI activity (ar-AR)');
      },
      { context: WIDE },
    );
  });

  it('a single-LTI course launches into the page: the tool in an iframe, scored, back in the portal', async () => {
    await withPage(
      'lti-embedded',
      async (page) => {
        await signedIn(page);
        const id = await courseId(page, 'Introduction to Python');
        // 'Start again' of the finished course: a new attempt of its one LTI activity.
        const started = await command(page, `/api/bff/courses/${id}/start`);
        assert.equal(started.destination, 'reloadCourse', 'an LTI course reloads the course view');
        await page.goto(new URL(`courses/${id}/workflow/${started.workflowId}/view`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 1, name: 'Course attempt' }).waitFor();
        await page.getByRole('button', { name: 'Launch activity' }).click();
        const frame = page.frameLocator('iframe[title$="(external tool)"]');
        await frame.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
        assert.match(await frame.locator('main').innerText(), /Introduction to Python/);
        await screenshot(page, 'lti-embedded-1280-en');
        await assertAccessible(page, 'workflow page with the tool embedded (en-US)');
        await frame.getByLabel(/Score/).fill('7');
        await frame.getByRole('button', { name: 'Submit score' }).click();
        await page.getByText('Your result was sent to the course.').first().waitFor({ timeout: 15_000 });
        await eventually('the frame closed', async () => (await page.locator('iframe').count()) === 0);
        await page.getByRole('listitem').getByText('Finished').waitFor();
      },
      { context: WIDE },
    );
  });

  it('the proctored exam shows its open session and the in-grading rule with its text', async () => {
    await withPage(
      'lti-proctor',
      async (page) => {
        await signedIn(page);
        const id = await courseId(page, 'Proctored Final Exam');
        await page.goto(new URL(`courses/proctor/${id}/2?inProctoringIframe`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 1, name: 'Final exam' }).waitFor();
        await page.getByText('This course is being graded. You will see your result when grading is complete.').waitFor();
        await page.getByText('Open', { exact: true }).waitFor();
        await screenshot(page, 'lti-proctor-390-en');
        await assertAccessible(page, 'proctored page (en-US)');
        await page.getByRole('button', { name: 'Start proctored activity' }).click();
        await page.getByText('The proctoring session is ready. The activity opens below.').waitFor();
        await page.getByRole('button', { name: /Launch activity|Open activity in a new window/ }).waitFor();
      },
      { context: NARROW },
    );
  });

  it('ada and grace share the group workflow of Team assignment, each with their own work in it', async () => {
    const ada = await env.browser.newContext(WIDE);
    const grace = await env.browser.newContext(NARROW);
    try {
      const adaPage = await ada.newPage();
      const gracePage = await grace.newPage();
      await signedIn(adaPage, 'ada');
      await signedIn(gracePage, 'grace');
      const id = await courseId(adaPage, 'Activity Types Tour');
      const tree = await readView(adaPage, `/api/bff/courses/${id}/tree`);
      const team = tree.items.find((i) => i.name === 'Team assignment');
      assert.equal(team.kind, 'collaborative');
      const url = new URL(`courses/${id}/view/content/${team.activityPathId}`, env.servers.portalUrl).href;
      for (const page of [adaPage, gracePage]) {
        await page.goto(url);
        await page.getByRole('region', { name: 'Your group: Team Blue' }).waitFor();
      }
      const members = async (page) =>
        page.getByRole('region', { name: 'Your group: Team Blue' }).locator('.collab-member__name').allInnerTexts();
      assert.deepEqual(await members(adaPage), ['Grace Hopper', 'Ada Lovelace (you)']);
      assert.deepEqual(await members(gracePage), ['Grace Hopper (you)', 'Ada Lovelace']);
      await adaPage.getByRole('region', { name: 'Participants (2)' }).waitFor();
      const adaView = await readView(adaPage, `/api/bff/courses/${id}/collaboration/${team.activityPathId}`);
      const graceView = await readView(gracePage, `/api/bff/courses/${id}/collaboration/${team.activityPathId}`);
      assert.equal(adaView.group.id, graceView.group.id, 'one group workflow, shared by its members');
      assert.notEqual(adaView.workflowId, graceView.workflowId, 'each member in their own attempt');
      // Opening the activity starts nothing: each member starts or joins through the prompt.
      for (const page of [adaPage, gracePage]) {
        await page.getByRole('button', { name: /^(Start|Join) group work$/ }).click();
        const prompt = page.getByRole('alertdialog');
        await prompt.getByRole('button', { name: /^(Start|Join)$/ }).click();
        await prompt.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: /Launch activity|Open activity in a new window/ }).waitFor();
      }
      const joined = await readView(adaPage, `/api/bff/courses/${id}/collaboration/${team.activityPathId}`);
      assert.equal(joined.action, 'open');
      await screenshot(adaPage, 'lti-collaborative-1280-en');
      await screenshot(gracePage, 'lti-collaborative-390-en');
      await assertAccessible(adaPage, 'collaborative activity (en-US)');
      await chooseLanguage(gracePage, 'العربية');
      await gracePage.getByRole('region', { name: 'مجموعتك: Team Blue' }).waitFor();
      await screenshot(gracePage, 'lti-collaborative-390-ar');
      await assertAccessible(gracePage, 'collaborative activity (ar-AR)');
    } finally {
      await ada.close();
      await grace.close();
    }
  });

  it('the LTI activity and workflow page at 390 px in en-US and ar-AR', async () => {
    await withPage(
      'lti-narrow',
      async (page) => {
        await signedIn(page);
        const id = await courseId(page, 'Activity Types Tour');
        const tree = await readView(page, `/api/bff/courses/${id}/tree`);
        const quiz = tree.items.find((i) => i.name === 'Quiz');
        await page.goto(new URL(`courses/${id}/view/content/${quiz.activityPathId}`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 2, name: 'External activity' }).waitFor();
        await screenshot(page, 'lti-activity-390-en');
        await page.goto(new URL(`courses/${id}/workflow/${tree.workflowId}/view`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 1, name: 'Course attempt' }).waitFor();
        await screenshot(page, 'lti-workflow-390-en');
        await chooseLanguage(page, 'العربية');
        await page.getByRole('heading', { level: 1, name: 'محاولة الدورة' }).waitFor();
        await screenshot(page, 'lti-workflow-390-ar');
        await page.goto(new URL(`courses/${id}/view/content/${quiz.activityPathId}`, env.servers.portalUrl).href);
        await page.getByRole('heading', { level: 2, name: 'نشاط خارجي' }).waitFor();
        await screenshot(page, 'lti-activity-390-ar');
        await assertAccessible(page, 'LTI activity at 390 px (ar-AR)');
      },
      { context: NARROW },
    );
  });
});
