// Shared by every browser journey: starts the servers (sandbox, gateway, an embedding parent
// page) and Chromium once per test file, and gives pages, polling, sign-in and axe helpers.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { launchChromium } from './chromium.js';
import { startParentPage, startServers } from './servers.js';

export const STEP_MS = 8_000;

/**
 * `wait`, armed before the step that should end it, with its rejection already handled: when a
 * step between fails, the browser closes under the wait, and that rejection, left unhandled,
 * would be reported instead of the step's own failure. Awaiting it still throws.
 */
export function armed(wait) {
  wait.catch(() => undefined);
  return wait;
}
export const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');


/** The running servers, the parent page and the browser of this test file. */
export const env = { servers: undefined, parent: undefined, browser: undefined };

/**
 * Registers the file's before/after hooks: servers (and the parent page) up once, Chromium
 * launched once, all stopped at the end. `options.extraToml(sandboxUrl)` adds gateway config
 * (tenants, flags) after the default e2e config.
 */
export function useServers(options = {}) {
before(async () => {
  env.parent = await startParentPage();
  env.servers = await startServers({ parentOrigins: [env.parent.origin], ...options });
  env.browser = await launchChromium();
});

after(async () => {
  await env.browser?.close();
  await env.servers?.stop();
  await env.parent?.stop();
});

}

/** Runs `body` with a fresh page; on failure keeps a screenshot and the server logs. */
export async function withPage(name, body, options = {}) {
  const context = await env.browser.newContext(options.context ?? {});
  // Every Content-Security-Policy violation in any frame of the page fails the journey: the
  // policy is strict, and a blocked style or script is a broken screen a learner would see.
  const cspViolations = [];
  await context.exposeBinding('__reportCspViolation', ({ frame }, text) => {
    cspViolations.push(`${text} (in ${frame.url()})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCspViolation?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} from ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.setDefaultNavigationTimeout(15_000);
  try {
    await body(page);
    assert.deepEqual(cspViolations, [], 'the page broke its Content-Security-Policy');
  } catch (error) {
    mkdirSync(artifacts, { recursive: true });
    const file = path.join(artifacts, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Failed at ${page.url()}; screenshot: ${file}\n${env.servers.logs()}`);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * Reads screenshots (PNG buffers of one size) in a blank page of the same browser, as these tests
 * have no image library: the first one's colours at `points` ([x, y] in its pixels), and how many
 * pixels of the second differ from the first's by more than a shade (a sum of channel differences
 * over 30), when there is a second.
 */
export async function readScreenshots(page, pngs, points = []) {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ pngs, points }) => {
        const decode = async (png) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d');
          context.drawImage(image, 0, 0);
          return { width: image.width, data: context.getImageData(0, 0, image.width, image.height).data };
        };
        const [first, second] = await Promise.all(pngs.map(decode));
        const colours = points.map(([x, y]) => {
          const at = (Math.floor(y) * first.width + Math.floor(x)) * 4;
          return [...first.data.slice(at, at + 3)];
        });
        let changed = 0;
        if (second) {
          for (let at = 0; at < first.data.length; at += 4) {
            const shade = [0, 1, 2].reduce((sum, c) => sum + Math.abs(first.data[at + c] - second.data[at + c]), 0);
            if (shade > 30) changed += 1;
          }
        }
        return { colours, changed };
      },
      { pngs: pngs.map((png) => png.toString('base64')), points },
    );
  } finally {
    await blank.close();
  }
}

/** A gateway GET read in the signed-in page, as the client reads it (its cookie, the CSRF header). */
export async function apiGet(page, path) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return { status: response.status, body: await response.json().catch(() => null) };
  }, path);
}

/** A gateway view read in the signed-in page; anything but a 2xx fails the test. */
export async function readView(page, path) {
  const { status, body } = await apiGet(page, path);
  if (status < 200 || status > 299) throw new Error(`${path}: ${status}`);
  return body;
}

/** Polls `check` until it returns a truthy value or the step timeout passes. */
export async function eventually(what, check, timeout = STEP_MS) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function expectSignInPage(page) {
  await page.waitForURL((url) => url.origin === env.servers.sandboxOrigin, { timeout: 15_000 });
  // The locator waits through a page of the issuer on the way (a redirect's), which a heading
  // read once could catch as it goes.
  await page.getByRole('heading', { level: 1, name: /Sign in/i }).waitFor({ timeout: 15_000 });
}

export async function signIn(page, username = 'ada', password = 'demo') {
  await expectSignInPage(page);
  await page.getByLabel(/user\s*name/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in|continue/i }).first().click();
}

/** A name as the client puts it into a sentence of a toast: set apart by Unicode's isolates. */
export function isolated(name) {
  return `\u2068${name}\u2069`;
}

export function courseItems(page) {
  return page.getByRole('main').getByRole('list', { name: 'Courses' }).getByRole('listitem');
}

/**
 * Texts of the listed course cards, once every card has its link. Read in one pass in the page,
 * so a list that re-renders between reads (a search answer arriving) cannot be half-read.
 */
export async function cardTexts(page) {
  const cards = await courseItems(page).evaluateAll((items) =>
    items.map((item) => ({ linked: item.querySelector('a[href]') !== null, text: item.innerText })),
  );
  if (cards.some((card) => !card.linked)) return null;
  return cards.map((card) => card.text.toLowerCase());
}

/** A word of the first card's name that matches some cards but not all of them. */
export async function pickKeyword(page) {
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

export async function axeViolations(page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of results.violations) {
    console.error(`axe: ${v.id} (${v.impact}): ${v.help}`);
    for (const node of v.nodes) console.error(`  ${node.target.join(' ')}: ${node.failureSummary}`);
  }
  return results.violations;
}


/**
 * Records every message each window of the page (the top one and its frames) receives in its
 * `window.received` ({origin, data}), from before the page's own scripts run (the embedding
 * page's frame may post at once).
 */
export async function recordMessages(page) {
  await page.addInitScript(() => {
    window.received = [];
    window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
  });
}

/** Replaces the sandbox's fault rules (its admin API); `[]` lifts them all. */
export async function setFaults(rules) {
  const response = await fetch(new URL('/admin/faults', env.servers.sandboxOrigin), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rules),
  });
  assert.ok(response.ok, `setting the sandbox's faults: ${response.status}`);
}

/**
 * Takes a screenshot into artifacts/screens/NAME.png (for looking at a screen, not asserting).
 * Chromium takes a page taller than the window by shrinking the window for a moment, so width
 * media queries change and change back meanwhile (the 970 px one did, at 1280 px): what the
 * page keeps across a resized window, it must keep across this too.
 */
export async function screenshot(page, name) {
  const dir = path.join(artifacts, 'screens');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Switches the signed-in page to a locale through the user menu's language submenu
 * (en-US: 'English'). Found by role and popup, so it works in every language and width.
 */
export async function chooseLanguage(page, nativeName) {
  await page.getByRole('banner').locator('button[aria-haspopup="true"]').click();
  await page.getByRole('menu').locator('[role="menuitem"][aria-haspopup="menu"]').click();
  const option = page.getByRole('menuitemradio', { name: nativeName });
  await option.waitFor();
  // The whole submenu is on the screen (the page's, or the frame's when `page` is a frame
  // locator), at any width and in either direction.
  const box = await page.getByRole('menu').filter({ has: option }).boundingBox();
  const screen = await page.locator('html').boundingBox();
  assert.ok(
    box && screen && box.x >= screen.x && box.x + box.width <= screen.x + screen.width,
    `the language menu fits the screen: ${JSON.stringify(box)} in ${JSON.stringify(screen)}`,
  );
  await option.click();
}

/** Asserts axe-core finds no WCAG 2.1 A/AA violation on the page as it is now. */
export async function assertAccessible(page, what) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${what}: axe found ${violations.map((v) => v.id).join(', ')}`);
}

/** Gateway config of the second tenant, globex (`globex.localhost`), as the demo has it. */
export function globexToml(sandboxUrl) {
  return `
[tenants.globex]
name = "Globex"
hosts = ["globex.localhost"]
allow_http_loopback = true
api_url = ${JSON.stringify(`${sandboxUrl}/t/globex/api/`)}

[tenants.globex.oidc]
issuer = ${JSON.stringify(`${sandboxUrl}/t/globex/idp`)}
client_id = "learner-portal"
client_secret = "demo-secret"

[tenants.globex.ui]
courses_name = "Learning"
catalog_enabled = false
dashboard_enabled = false
feedback_enabled = false
default_locale = "en-US"
locales = ["en-US", "ar-AR"]
`;
}
