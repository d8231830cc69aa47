// Browser journeys through the real gateway and lms-sandbox in Debian's Chromium:
// sign in, My courses, search, accessibility, sign out; and the root redirect after sign-in.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { startParentPage, startServers } from './servers.js';

const STEP_MS = 8_000;
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

let servers;
let browser;
let parent;

before(async () => {
  parent = await startParentPage();
  servers = await startServers({ parentOrigins: [parent.origin] });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  await servers?.stop();
  await parent?.stop();
});

/** Runs `body` with a fresh page; on failure keeps a screenshot and the server logs. */
async function withPage(name, body) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.setDefaultNavigationTimeout(15_000);
  try {
    await body(page);
  } catch (error) {
    mkdirSync(artifacts, { recursive: true });
    const file = path.join(artifacts, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Failed at ${page.url()}; screenshot: ${file}\n${servers.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
}

/** Polls `check` until it returns a truthy value or the step timeout passes. */
async function eventually(what, check, timeout = STEP_MS) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectSignInPage(page) {
  await page.waitForURL((url) => url.origin === servers.sandboxOrigin, { timeout: 15_000 });
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  assert.match(await heading.innerText(), /Sign in/i);
}

async function signIn(page, username = 'ada', password = 'demo') {
  await expectSignInPage(page);
  await page.getByLabel(/user\s*name/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in|continue/i }).first().click();
}

function courseItems(page) {
  return page.getByRole('main').getByRole('list', { name: 'Courses' }).getByRole('listitem');
}

/**
 * Texts of the listed course cards, once every card has its link. Read in one pass in the page,
 * so a list that re-renders between reads (a search answer arriving) cannot be half-read.
 */
async function cardTexts(page) {
  const cards = await courseItems(page).evaluateAll((items) =>
    items.map((item) => ({ linked: item.querySelector('a[href]') !== null, text: item.innerText })),
  );
  if (cards.some((card) => !card.linked)) return null;
  return cards.map((card) => card.text.toLowerCase());
}

/** A word of the first card's name that matches some cards but not all of them. */
async function pickKeyword(page) {
  const names = await courseItems(page).getByRole('heading').allInnerTexts();
  const lower = names.map((n) => n.toLowerCase());
  const candidates = lower[0].split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  const scored = candidates
    .map((word) => ({ word, hits: lower.filter((n) => n.includes(word)).length }))
    .filter(({ hits }) => hits < lower.length)
    .sort((a, b) => a.hits - b.hits);
  assert.ok(scored.length > 0, `no word of "${names[0]}" narrows the list of ${names.length} courses`);
  return scored[0].word;
}

async function axeViolations(page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of results.violations) {
    console.error(`axe: ${v.id} (${v.impact}): ${v.help}`);
    for (const node of v.nodes) console.error(`  ${node.target.join(' ')}: ${node.failureSummary}`);
  }
  return results.violations;
}

describe('learner portal', () => {
  it('signs in, lists and searches courses accessibly, and signs out', { timeout: 120_000 }, async () => {
    await withPage('journey', async (page) => {
      await page.goto(servers.portalUrl);
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
      await page.waitForURL((url) => url.origin === servers.sandboxOrigin, { timeout: 15_000 });
      await page.waitForLoadState();

      await page.goto(new URL('courses', servers.portalUrl).href);
      await expectSignInPage(page);
    });
  });

  it('returns to / with its query and hash after sign-in, then redirects to /courses', { timeout: 120_000 }, async () => {
    await withPage('root-redirect', async (page) => {
      await page.goto(new URL('?a=1#x', servers.portalUrl).href);
      await signIn(page);

      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      const url = new URL(page.url());
      assert.equal(`${url.pathname}${url.search}${url.hash}`, '/learn/courses?a=1#x');
    });
  });

  it('switches to Arabic: right-to-left, translated, and still accessible', { timeout: 120_000 }, async () => {
    await withPage('arabic', async (page) => {
      await page.goto(new URL('courses?keyword=zzzz-no-such-course', servers.portalUrl).href);
      await signIn(page);
      await page.waitForURL((url) => url.pathname === '/learn/courses', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      // The empty-search state names the keyword.
      await page.getByRole('main').getByText('zzzz-no-such-course').first().waitFor();

      await page.getByRole('banner').getByRole('button', { expanded: false }).click();
      await page.getByRole('menuitemradio', { name: 'العربية' }).click();
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
      await first.goto(new URL('courses', servers.portalUrl).href);
      await signIn(first);
      await first.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
      const second = await first.context().newPage();
      second.setDefaultTimeout(STEP_MS);
      await second.goto(new URL('courses', servers.portalUrl).href);
      await second.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();

      await first.getByRole('banner').getByRole('button', { expanded: false }).click();
      await first.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();

      // The other tab notices on its own, without a reload or a click.
      await expectSignInPage(second);
    });
  });

  it('framed by a configured parent page, it asks the parent to sign in again', { timeout: 120_000 }, async () => {
    await withPage('embedded', async (page) => {
      const portal = new URL('courses', servers.portalUrl).href;
      await page.goto(`${parent.origin}/?src=${encodeURIComponent(portal)}`);
      const message = await eventually('a re-login message from the frame', async () => {
        const received = await page.evaluate(() => window.received);
        return received.find((m) => m.data && m.data.type === 'learner-portal:relogin');
      }, 15_000);
      assert.equal(message.origin, new URL(servers.portalUrl).origin);
      const loginUrl = new URL(message.data.loginUrl, servers.portalUrl);
      assert.equal(loginUrl.pathname, '/oidc/login');
      assert.equal(loginUrl.searchParams.get('redirectUrl'), portal);
      // The frame stays where it is: the parent decides how to sign in (popup or top-level).
      const frame = page.frames().find((f) => f !== page.mainFrame());
      assert.ok(frame && new URL(frame.url()).origin === new URL(servers.portalUrl).origin, frame?.url());
    });
  });
});
