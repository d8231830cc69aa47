// Browser journeys of the three conversations: course announcements and team chat (live between
// two browsers), the AI tutor (a streamed answer citing the course), and product feedback (read
// back from the tenant's events sink; no widget where the tenant turns it off), and the floating
// buttons of the last two, which must never hide the page's footer or a control the keyboard reaches.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertAccessible,
  chooseLanguage,
  env,
  eventually,
  globexToml,
  readView,
  screenshot,
  signIn,
  useServers,
  withPage,
} from './support.js';

useServers({
  extraToml: (sandboxUrl) => `environment = "test"

[events]
flush_interval_ms = 200

[chat]
max_message_chars = 2000
page_size = 50
stream_heartbeat_secs = 2
stream_max_secs = 60
max_streams_per_session = 4

[tenants.acme.ui]
ai_tutor_enabled = true
${globexToml(sandboxUrl)}`,
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const portal = (path) => new URL(path, env.servers.portalUrl).href;
// The team channel's messages: a sent text is looked for there, not anywhere in the dialog,
// whose composer may still hold it for a moment.
const teamMessages = (dialog) => dialog.getByRole('list', { name: 'Team Blue' });

async function signInAt(page, path, user = 'ada') {
  await page.goto(portal(path));
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname.startsWith('/learn/'), { timeout: 15_000 });
}

/** Signs Ada in at My courses, then switches to `language` (a right-to-left one) when given. */
async function signInToMyCourses(page, language) {
  await signInAt(page, 'courses');
  await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
  if (language) {
    await chooseLanguage(page, language);
    await eventually('dir="rtl"', async () => (await page.locator('html').getAttribute('dir')) === 'rtl');
  }
}

async function sinkEvents() {
  const response = await fetch(`${env.servers.sandboxOrigin}/admin/events?tenant=acme`);
  assert.equal(response.status, 200);
  const body = await response.json();
  return body.events.map((e) => ({ name: e.event.name, ...e.event.properties }));
}

describe('conversations', () => {
  it('ada reads an announcement from its card and the unread indicator goes', { timeout: 120_000 }, async () => {
    await withPage(
      'chat-announcement',
      async (page) => {
        await signInAt(page, 'courses');
        await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
        const unread = page.getByRole('link', { name: '2 new announcements in Data Privacy Basics' });
        // The header counts the unread messages of every channel, these two among them.
        const header = page.getByRole('banner').getByRole('link', { name: /^Messages/ });
        const countIn = async () => {
          const name = (await header.getAttribute('aria-label')) ?? 'Messages';
          const found = /^Messages, (\d+) unread$/.exec(name);
          return found ? Number(found[1]) : 0;
        };
        const before = await eventually('the header counts unread messages', async () => {
          const count = await countIn();
          return count >= 2 ? count : null;
        });
        await unread.click();
        const dialog = page.getByRole('dialog', { name: 'Messages' });
        await dialog.getByText('Reminder: finish the walkthrough before the quiz.').waitFor();
        await dialog.getByText('Only instructors post announcements.').waitFor();
        await assertAccessible(page, 'the announcement channel');
        await screenshot(page, 'chat-announcement-1280-en');
        await dialog.getByRole('button', { name: 'Close messages' }).click();
        await dialog.waitFor({ state: 'detached' });
        await eventually('the indicator gone', async () => (await unread.count()) === 0, 10_000);
        await eventually('the header counts two fewer', async () => (await countIn()) === before - 2, 10_000);
        assert.equal(new URL(page.url()).hash, '', 'closing drops the hash');
      },
      { context: DESKTOP },
    );
  });

  it('ada posts in Team Blue and grace sees it arrive without reloading', { timeout: 120_000 }, async () => {
    await withPage(
      'chat-team',
      async (ada) => {
        const graceContext = await env.browser.newContext(DESKTOP);
        const grace = await graceContext.newPage();
        try {
          await signInAt(grace, 'courses#chat', 'grace');
          const graceDialog = grace.getByRole('dialog', { name: 'Messages' });
          await graceDialog.getByRole('button', { name: /^Team Blue/ }).click();
          await graceDialog.getByText("Deal. Let's check in on Friday.").waitFor();

          await signInAt(ada, 'courses#chat');
          const adaDialog = ada.getByRole('dialog', { name: 'Messages' });
          await adaDialog.getByRole('button', { name: /^Team Blue/ }).click();
          const text = `Research notes are in the shared folder (${Date.now()})`;
          await adaDialog.getByRole('textbox', { name: 'Message' }).fill(text);
          const sent = Date.now();
          await adaDialog.getByRole('button', { name: 'Send' }).click();
          await teamMessages(adaDialog).getByText(text).waitFor();

          await teamMessages(graceDialog).getByText(text).waitFor({ timeout: 15_000 });
          const latency = Date.now() - sent;
          console.log(`chat delivery between two browsers: ${latency} ms`);
          await assertAccessible(grace, 'the team channel');
          await screenshot(grace, 'chat-team-1280-en');
        } finally {
          await graceContext.close();
        }
      },
      { context: DESKTOP },
    );
  });

  it('a message being typed when the session ended is there again after signing in, and sends', { timeout: 120_000 }, async () => {
    await withPage(
      'chat-draft',
      async (page) => {
        await signInAt(page, 'courses#chat');
        let dialog = page.getByRole('dialog', { name: 'Messages' });
        await dialog.getByRole('button', { name: /^Team Blue/ }).click();
        const channelUrl = page.url();
        assert.match(new URL(channelUrl).hash, /^#chat=./);
        const text = `Half of my notes on the quiz (${Date.now()})`;
        await dialog.getByRole('textbox', { name: 'Message' }).pressSequentially(text);

        // The session ends meanwhile (here: every cookie goes, the issuer's too). Sending meets
        // the 401, and the browser goes to sign in, away from the page and what was typed.
        await page.context().clearCookies();
        await dialog.getByRole('button', { name: 'Send' }).click();
        await signIn(page);
        await page.waitForURL((url) => url.href === channelUrl, { timeout: 15_000 });

        dialog = page.getByRole('dialog', { name: 'Messages' });
        const box = dialog.getByRole('textbox', { name: 'Message' });
        await eventually('the draft back in the composer', async () => (await box.inputValue()) === text);
        await dialog.getByRole('button', { name: 'Send' }).click();
        const messages = teamMessages(dialog);
        await messages.getByText(text).waitFor();
        await eventually('the composer emptied', async () => (await box.inputValue()) === '');

        // Sent, the draft is gone: a new page of the channel starts with an empty composer.
        await page.reload();
        await messages.getByText(text).waitFor();
        assert.equal(await dialog.getByRole('textbox', { name: 'Message' }).inputValue(), '');
      },
      { context: DESKTOP },
    );
  });

  it('the tutor streams an answer about Cybersecurity Program that cites the course', { timeout: 120_000 }, async () => {
    await withPage(
      'tutor',
      async (page) => {
        await signInAt(page, 'courses');
        await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
        await page.getByRole('main').getByRole('link', { name: 'Cybersecurity Program', exact: true }).click();
        await page.getByRole('button', { name: 'Ask the AI tutor' }).click();
        const panel = page.getByRole('region', { name: 'AI tutor' });
        await panel.getByText('Ask a question about Cybersecurity Program.', { exact: false }).waitFor();
        await panel.getByRole('textbox', { name: 'Your question' }).fill('What is the Cybersecurity Program about?');
        const asked = Date.now();
        const first = page.waitForResponse((r) => r.url().endsWith('/api/bff/tutor/answers'));
        await panel.getByRole('button', { name: 'Ask' }).click();
        await first;
        await panel.getByText('According to Cybersecurity Program', { exact: false }).waitFor();
        console.log(`tutor: first words shown ${Date.now() - asked} ms after asking`);
        await panel.getByRole('status').filter({ hasText: 'The tutor answered' }).waitFor({ timeout: 15_000 });
        await panel.locator('summary', { hasText: 'Sources' }).first().click();
        await assertAccessible(page, 'the tutor panel');
        await screenshot(page, 'tutor-1280-en');

        // In the player the open panel floats over the end of the lesson, where Next is: the page
        // leaves room after its last line, so Next scrolls clear of the panel and can be pressed.
        const course = new URL(page.url()).pathname.match(/courses\/([^/]+)/)[1];
        await page.goto(portal(`courses/${course}/view/content`));
        await page.getByRole('button', { name: 'Ask the AI tutor' }).click();
        await page.getByRole('region', { name: 'AI tutor' }).waitFor();
        const next = page.getByRole('link', { name: /^Next/ });
        await next.waitFor();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const clear = await next.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return link.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        });
        assert.equal(clear, true, 'at the end of the page, Next is clear of the open tutor panel');
        await screenshot(page, 'tutor-player-1280-en');
      },
      { context: DESKTOP },
    );
  });

  it('feedback on acme reaches the events sink, and globex shows no widget', { timeout: 120_000 }, async () => {
    await withPage(
      'feedback',
      async (page) => {
        await signInAt(page, 'courses');
        await page.getByRole('button', { name: 'Feedback' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
        await dialog.getByRole('checkbox', { name: 'Navigation' }).check({ force: true });
        await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clear and quick.');
        await assertAccessible(page, 'the feedback form');
        await screenshot(page, 'feedback-1280-en');
        // The window narrowed past the sidebar's breakpoint: the button moves into the footer
        // (hidden from assistive technology behind the open form), and the form stays as filled in.
        await page.setViewportSize({ width: 900, height: 800 });
        await page
          .getByRole('contentinfo', { includeHidden: true })
          .getByRole('button', { name: 'Feedback', includeHidden: true })
          .waitFor();
        assert.equal(await dialog.getByRole('textbox', { name: 'Comment (optional)' }).inputValue(), 'Clear and quick.');
        assert.equal(await dialog.getByRole('radio', { name: '4 stars' }).isChecked(), true);
        await page.setViewportSize(DESKTOP.viewport);
        await dialog.getByRole('button', { name: 'Send feedback' }).click();
        await dialog.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
        // The button that opened the form moved and came back meanwhile: the one there now takes the focus.
        await dialog.getByRole('button', { name: 'Close' }).click();
        await eventually('the focus on the Feedback button', () =>
          page.getByRole('button', { name: 'Feedback' }).evaluate((button) => button === document.activeElement),
        );
        const event = await eventually(
          'product_feedback in the sink',
          async () => (await sinkEvents()).find((e) => e.name === 'product_feedback'),
          20_000,
        );
        assert.equal(event.grade, 4);
        assert.deepEqual(event.details, ['navigation']);
        assert.equal(event.comment, 'Clear and quick.');

        const globex = await env.browser.newContext(DESKTOP);
        const linus = await globex.newPage();
        try {
          const origin = new URL(env.servers.portalUrl);
          await linus.goto(`${origin.protocol}//globex.localhost:${origin.port}/learn/courses`);
          await signIn(linus, 'linus');
          await linus.getByRole('heading', { level: 1, name: 'Learning' }).waitFor({ timeout: 15_000 });
          assert.equal(await linus.getByRole('button', { name: 'Feedback' }).count(), 0, 'no feedback widget on globex');
        } finally {
          await globex.close();
        }
      },
      { context: DESKTOP },
    );
  });

  it('the floating buttons never cover the footer or each other, and the feedback button is in the footer below 970 px, at 1280, 390 and 320 px', { timeout: 180_000 }, async () => {
    for (const [width, language] of [
      [1280, undefined],
      [390, 'العربية'],
      [320, undefined],
      [320, 'العربية'],
    ]) {
      await withPage(
        `floating-buttons-${width}${language ? '-ar' : ''}`,
        async (page) => {
          await signInToMyCourses(page, language);
          const mine = await readView(page, '/api/bff/my-courses?take=50');
          const course = mine.items.find((c) => c.status === 'inProgress').objectiveId;
          // My courses has the feedback button; a course's certificate has the tutor's too. The
          // course page's actions and the player's bar hold the tutor's button instead. Below
          // the sidebar's breakpoint (970 px) the feedback button is in the footer, not floating.
          const narrow = width <= 970;
          const python = mine.items.find((c) => c.name === 'Introduction to Python').objectiveId;
          const { certificates } = await readView(page, `/api/bff/courses/${python}`);
          for (const [route, buttons] of [
            ['courses', narrow ? 0 : 1],
            [`courses/${python}/certificate/${certificates[0].certificateNumber}`, narrow ? 1 : 2],
            [`courses/${course}`, narrow ? 0 : 1],
            [`courses/${course}/view/content`, narrow ? 0 : 1],
          ]) {
            await page.goto(portal(route));
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await page.getByRole('contentinfo').waitFor();
            if (narrow) await page.getByRole('contentinfo').getByRole('button').waitFor();
            assert.equal(await page.getByRole('contentinfo').getByRole('button').count(), narrow ? 1 : 0);
            // The footer's texts, and the visible buttons and links that float (fixed) over the page.
            const measure = () =>
              page.evaluate(() => {
                const box = (el) => {
                  const r = el.getBoundingClientRect();
                  return { x: r.x, y: r.y, w: r.width, h: r.height, text: el.textContent.trim() };
                };
                const fixed = [...document.querySelectorAll('button, a')].filter((el) => {
                  for (let node = el; node; node = node.parentElement) {
                    if (getComputedStyle(node).position === 'fixed') return el.getBoundingClientRect().width > 0;
                  }
                  return false;
                });
                return { texts: [...document.querySelector('footer').children].map(box), floating: fixed.map(box) };
              });
            // The buttons arrive in their own chunks after the page (once, on a busy machine, none
            // was there yet): wait for them, then measure at the bottom of the page. A timeout here
            // is left to the assertion below, which says what was found.
            await eventually(
              `${buttons} floating buttons on /learn/${route}`,
              async () => (await measure()).floating.length >= buttons,
              15_000,
            ).catch(() => {});
            await page.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
            await page.waitForTimeout(200);
            const { texts, floating } = await measure();
            const where = `/learn/${route} at ${width} px${language ? ` in ${language}` : ''}`;
            assert.equal(floating.length, buttons, `${where}: floating buttons ${JSON.stringify(floating)}`);
            // With nothing floating over the page's end (My courses: no tutor; the feedback
            // button over the sidebar or in the footer), the footer keeps no band for one.
            const footerEnd = await page.evaluate(() => getComputedStyle(document.querySelector('footer')).paddingBottom);
            if (route === 'courses') assert.ok(parseFloat(footerEnd) <= 24, `${where}: the footer ends ${footerEnd} below its text`);
            const apart = (a, b) => a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
            for (const t of texts) {
              for (const f of floating) assert.ok(apart(t, f), `${where}: "${f.text}" covers the footer's "${t.text}"`);
            }
            for (const [i, a] of floating.entries()) {
              for (const b of floating.slice(i + 1)) assert.ok(apart(a, b), `${where}: "${a.text}" and "${b.text}" overlap`);
              assert.ok(a.x >= 0 && a.x + a.w <= width, `${where}: "${a.text}" runs off the screen`);
            }
            if (route === `courses/${course}`) {
              await page.getByRole('group', { name: /Course actions|إجراءات/ }).locator('.tutor__launch').waitFor();
            }
            if (route.endsWith('/view/content')) {
              // The tutor's button is in the player's bar, and the Next button, scrolled to the
              // window's bottom edge (where the floating button used to be), takes a press.
              await page.locator('.player__bar .tutor__launch').waitFor();
              const next = page.getByRole('main').getByRole('link', { name: /^(Next|التالي):/ });
              const hit = await next.evaluate((link) => {
                window.scrollBy(0, link.getBoundingClientRect().bottom - window.innerHeight + 4);
                const r = link.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return { ok: link.contains(top), on: top?.textContent?.trim().slice(0, 40) };
              });
              assert.ok(hit.ok, `${where}: the Next button at the bottom edge is under "${hit.on}"`);
            }
          }
        },
        { context: { viewport: { width, height: 800 } } },
      );
    }
  });

  it('a control reached with the keyboard is never hidden behind the floating buttons or the sticky header, at 390 px', { timeout: 180_000 }, async () => {
    for (const language of [undefined, 'العربية']) {
      await withPage(
        `focus-not-obscured-390${language ? '-ar' : ''}`,
        async (page) => {
          await signInToMyCourses(page, language);
          const mine = await readView(page, '/api/bff/my-courses?take=50&keyword=activity%20types%20tour');
          const course = mine.items.find((c) => c.name === 'Activity Types Tour').objectiveId;
          // The focused element against what stays in place over the page: the floating buttons
          // and the sticky header. Where they overlap, what is on top at the middle of the overlap
          // decides (the skip link shows over the header on purpose). Elements inside those, any
          // taller than a third of the screen (they cannot fit beside them) and a video or audio
          // element (the focus is on one of the browser's own controls in it, which the page cannot
          // measure) are not measured.
          const covers = () =>
            page.evaluate(() => {
              const el = document.activeElement;
              if (!el || el === document.body || el.matches('video, audio')) return null;
              const over = [...document.querySelectorAll('.tutor__open, .feedback__open, .app-header')];
              const r = el.getBoundingClientRect();
              if (over.some((o) => o.contains(el)) || r.height > window.innerHeight / 3) return null;
              const name = (e) => (e.textContent || e.tagName).trim().slice(0, 40);
              const hiding = over.filter((o) => {
                const b = o.getBoundingClientRect();
                const [x0, x1] = [Math.max(r.left, b.left), Math.min(r.right, b.right)];
                const [y0, y1] = [Math.max(r.top, b.top), Math.min(r.bottom, b.bottom)];
                if (x0 >= x1 || y0 >= y1) return false;
                const top = document.elementFromPoint((x0 + x1) / 2, (y0 + y1) / 2);
                return !(top && el.contains(top));
              });
              return { el: name(el), hiding: hiding.map(name) };
            });
          // My courses, a course's page and its content page (the lesson's 'Mark as done' sits
          // near the bottom edge there).
          // At 390 px nothing floats on these pages: the feedback button is in the footer, and
          // the tutor's among the course page's actions and in the player's bar.
          for (const [route, buttons] of [
            ['courses', 0],
            [`courses/${course}`, 0],
            [`courses/${course}/view/content`, 0],
          ]) {
            await page.goto(portal(route));
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await eventually(`${buttons} floating buttons on /learn/${route}`, async () =>
              page.evaluate((n) => document.querySelectorAll('.tutor__open, .feedback__open').length === n, buttons),
            );
            // The page done growing (a lesson's video and its resume note arrive after the
            // heading): a control moved by content that arrives later was not hidden when focused.
            await page.waitForLoadState('networkidle');
            let height = 0;
            await eventually(`/learn/${route} done growing`, async () => {
              await page.waitForTimeout(300);
              const now = await page.evaluate(() => document.scrollingElement.scrollHeight);
              const same = now === height;
              height = now;
              return same;
            });
            const hidden = [];
            let measured = 0;
            for (const key of [...Array(40).fill('Tab'), ...Array(40).fill('Shift+Tab')]) {
              await page.keyboard.press(key);
              // Measured once the focus has scrolled and the next frame is drawn.
              await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
              const seen = await covers();
              if (!seen) continue;
              measured += 1;
              for (const o of seen.hiding) hidden.push(`${key} to "${seen.el}" under "${o}"`);
            }
            const where = `/learn/${route} in ${language ?? 'English'}`;
            assert.ok(measured > 10, `${where}: only ${measured} focused controls measured`);
            assert.deepEqual(hidden, [], `${where}: focused controls hidden`);
          }
        },
        { context: { viewport: { width: 390, height: 800 } } },
      );
    }
  });
});
