// Rich content in a course's About (spec section 2): Ada opens the details of Workplace Safety,
// whose seeded About HTML has every behaviour, and uses the table, toggles, heading links,
// the image gallery, the video embed and the PDF viewer, with axe-core clean in en-US and
// ar-AR. Its attachments are on the LMS's storage, which only the gateway can read for her
// (`GET /api/bff/files`); its video comes from the sandbox's video host, an origin the tenant's
// `ui.embed_origins` allows in the Content-Security-Policy's `frame-src`.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifacts, assertAccessible, chooseLanguage, env, eventually, signIn, useServers, withPage } from './support.js';

/** The sandbox's video host: the sandbox under its other loopback name, an origin of its own. */
function videoOrigin(sandboxUrl) {
  return `http://localhost:${new URL(sandboxUrl).port}`;
}

useServers({
  extraToml: (sandboxUrl) => `[tenants.acme]
storage_origins = ["${new URL(sandboxUrl).origin}"]

[tenants.acme.ui]
embed_origins = ["${videoOrigin(sandboxUrl)}", "https://www.youtube-nocookie.com"]
`,
});

/** The sandbox's deterministic ids: UUID v5 of `kind:name` in its namespace. */
function seededId(kind, name) {
  const namespace = Buffer.from('6c6d735f73616e64626f785f73656564', 'hex');
  const bytes = createHash('sha1').update(Buffer.concat([namespace, Buffer.from(`${kind}:${name}`)])).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A screenshot into artifacts/screens/NAME.png: the viewport (a full-screen dialog covers it),
 * or the whole page.
 */
async function screenshot(page, name, fullPage = false) {
  const dir = path.join(artifacts, 'screens');
  mkdirSync(dir, { recursive: true });
  if (!fullPage) {
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
    return;
  }
  // The whole page in one viewport as tall as the page, so the sticky header and sidebar stay
  // where a reader sees them (a stitched full-page capture repeats them mid-page).
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  await page.setViewportSize(viewport);
}

/** The viewport with the About's files and video: the Materials heading at the top. */
async function screenshotFiles(page, name) {
  const heading = page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: /Materials|المواد/ });
  await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -80));
  await screenshot(page, name);
}

const COURSE = seededId('objective', 'acme/Workplace Safety');
const NEGOTIATION = seededId('objective', 'acme/Negotiation Skills');

/** Console messages of `page` that report a Content-Security-Policy violation. */
function cspViolations(page) {
  const found = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) found.push(`${message.text()} @ ${JSON.stringify(message.location())}`);
  });
  return found;
}

/** Ada signed in on the details of Workplace Safety, its About on the page. */
async function openCourse(page) {
  await page.goto(new URL(`courses/${COURSE}`, env.servers.portalUrl).href);
  await signIn(page);
  await page.waitForURL((url) => url.pathname === `/learn/courses/${COURSE}`, { timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
}

function gallery(page) {
  return page.getByRole('dialog');
}

/** Whether the PDF page canvas has been drawn (some pixel is not white or transparent). */
async function canvasDrawn(page) {
  return page.getByRole('dialog').locator('canvas').evaluate((canvas) => {
    if (canvas.width < 50 || canvas.height < 50) return false;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4 * 97) {
      if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) return true;
    }
    return false;
  });
}

async function openGallery(page) {
  await page.getByRole('button', { name: /Open image 1 of 3|فتح الصورة 1 من 3/ }).click();
  await gallery(page).waitFor();
}

/** The gallery's Close sits in the title's row at the screen's inline end, whatever wraps. */
async function assertCloseInCorner(page, name) {
  const [title, close, width, rtl] = await gallery(page).evaluate((dialog) => {
    const box = (element) => element.getBoundingClientRect().toJSON();
    return [
      box(dialog.querySelector('.rc-gallery__title')),
      box(dialog.querySelector('.rc-gallery__close')),
      document.documentElement.clientWidth,
      getComputedStyle(dialog).direction === 'rtl',
    ];
  });
  assert.ok(close.top < title.bottom && close.bottom > title.top, `${name}: Close is in the title's row`);
  const gap = rtl ? close.left : width - close.right;
  assert.ok(gap >= 0 && gap <= 24, `${name}: Close is ${gap} px from the inline end`);
}

async function openPdf(page, name) {
  await page.getByRole('button', { name }).click();
  await eventually('the PDF page drawn', () => canvasDrawn(page), 15_000);
}

describe('rich content of a course About', () => {
  it('has a table, toggles, heading links, size labels, lazy frames and storage links through the gateway', { timeout: 120_000 }, async () => {
    await withPage(
      'rich-content-behaviours',
      async (page) => {
        const violations = cspViolations(page);
        await openCourse(page);
        const main = page.getByRole('main');

        // The LMS's headings rank below the section's own heading in size too.
        const size = (name) =>
          main.getByRole('heading', { name, exact: true }).evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
        const about = await size('About this course');
        for (const name of ['Overview', 'Schedule']) {
          assert.ok((await size(name)) < about, `'${name}' is smaller than 'About this course'`);
        }

        // Lazy frames: the video host's player loads once near the viewport, allowed by the
        // tenant's embed origins (no Content-Security-Policy violation).
        const video = main.locator('iframe[title="Workplace safety in five minutes (video)"]');
        assert.equal(await video.count(), 0, 'not loaded before it is scrolled near');
        await main.getByRole('heading', { name: 'Video' }).scrollIntoViewIfNeeded();
        await video.waitFor({ state: 'attached' });
        assert.equal(new URL(await video.getAttribute('src')).origin, videoOrigin(env.servers.sandboxOrigin));
        const player = page.frameLocator('iframe[title="Workplace safety in five minutes (video)"]');
        await player.getByRole('heading', { name: 'Workplace safety in five minutes' }).waitFor();
        await player.getByRole('button', { name: 'Play video' }).click();
        await player.locator('main.playing').waitFor();
        assert.deepEqual(violations, [], 'the embed breaks no Content-Security-Policy');

        // Table: a named scroll region and a full-screen dialog.
        await main.getByRole('region', { name: 'Table: Weekly plan' }).waitFor();
        await main.getByRole('button', { name: 'Open table in full screen' }).first().click();
        const tableDialog = page.getByRole('dialog', { name: 'Weekly plan (full screen)' });
        await tableDialog.getByRole('cell', { name: 'Fire safety and exits' }).waitFor();
        await assertAccessible(page, 'table in full screen');
        await page.keyboard.press('Escape');
        await tableDialog.waitFor({ state: 'detached' });

        // Toggles: <details> and the LMS's toggle class are disclosures.
        const details = main.getByRole('button', { name: 'What should I bring to the fire drill?' });
        assert.equal(await details.getAttribute('aria-expanded'), 'false');
        await details.click();
        assert.equal(await details.getAttribute('aria-expanded'), 'true');
        await main.getByText('Nothing but comfortable shoes.').waitFor();
        await main.getByRole('button', { name: 'Who is my fire warden?' }).click();
        await main.getByText("Your floor's fire warden").waitFor();

        // Heading link: copied, with the toast of spec section 8.
        await main.getByRole('button', { name: 'Copy link to section Overview' }).click();
        await page.getByText('Link copied to clipboard').waitFor();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        assert.equal(copied, `${new URL(page.url()).origin}/learn/courses/${COURSE}#user-content-overview`);

        // Size labels of the same-origin PDF and of the storage attachments, read through the
        // gateway's HEAD (the storage ones with Ada's token).
        const sizes = await eventually('three size labels (not of the refused file)', async () => {
          const texts = await main.getByText(/^File size \d+(\.\d)?K?B$/).allTextContents();
          return texts.length === 3 ? texts : null;
        });
        for (const size of sizes) assert.match(size, /^File size \d+B$/, 'small seeded files are under 1KB');

        // Storage attachments open through the gateway's file proxy, nothing is blocked.
        assert.equal(await main.getByText('(blocked: not on this site)').count(), 0);
        const checklist = main.getByRole('link', { name: 'Safety checklist' });
        const proxied = new URL(await checklist.getAttribute('href'));
        assert.equal(proxied.origin, new URL(env.servers.portalUrl).origin);
        assert.equal(proxied.pathname, '/api/bff/files');
        assert.equal(
          proxied.searchParams.get('url'),
          `${env.servers.sandboxOrigin}/t/acme/api/lms-storage/files/safety-checklist.pdf`,
        );
        const contacts = main.getByRole('link', { name: 'Emergency contacts' });
        const csv = await page.request.get(await contacts.getAttribute('href'), { headers: { 'sec-fetch-site': 'same-origin' } });
        assert.equal(csv.status(), 200);
        assert.match(csv.headers()['content-disposition'], /^attachment; filename="emergency-contacts.csv"/);
        assert.match(await csv.text(), /^role,name,phone\n/);

        // A file the storage refuses Ada: the viewer says so (spec section 8).
        await main.getByRole('button', { name: 'Open Instructor notes in the viewer' }).click();
        await page.getByRole('dialog', { name: 'Instructor notes (PDF)' }).getByText('You do not have permission to view this file').waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        await screenshot(page, 'rich-content-about-en-1280', true);
        await screenshotFiles(page, 'rich-content-files-en-1280');
        await assertAccessible(page, 'course details with rich About');
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, 'rich-content-about-en-390', true);
        await screenshotFiles(page, 'rich-content-files-en-390');
        assert.deepEqual(violations, [], 'no Content-Security-Policy violation on the page');
      },
      { context: { permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1280, height: 800 } } },
    );
  });

  it('adds language hints to a YouTube embed', { timeout: 60_000 }, async () => {
    await withPage('rich-content-video-hints', async (page) => {
      await page.goto(new URL(`catalog/${NEGOTIATION}`, env.servers.portalUrl).href);
      await signIn(page);
      await page.getByRole('heading', { level: 1, name: 'Negotiation Skills' }).waitFor({ timeout: 15_000 });
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Trailer' }).scrollIntoViewIfNeeded();
      const video = main.locator('iframe[title="Negotiation Skills trailer (video)"]');
      await video.waitFor({ state: 'attached' });
      const src = new URL(await video.getAttribute('src'));
      assert.equal(src.origin, 'https://www.youtube-nocookie.com');
      assert.equal(src.searchParams.get('hl'), 'en');
      assert.equal(src.searchParams.get('cc_lang_pref'), 'en');
      assert.equal(await video.getAttribute('lang'), 'en-US');
    });
  });

  it('shows the gallery and the PDF viewer in en-US and ar-AR, at 1280 and 390 px, accessibly', { timeout: 120_000 }, async () => {
    await withPage(
      'rich-content-gallery-pdf',
      async (page) => {
        const requests = [];
        page.on('request', (request) => requests.push(request.url()));
        await openCourse(page);

        // Gallery: arrows, dots, zoom, Escape.
        await openGallery(page);
        await gallery(page).getByRole('heading', { name: 'Image 1 of 3' }).waitFor();
        await page.keyboard.press('ArrowRight');
        await gallery(page).getByRole('heading', { name: 'Image 2 of 3' }).waitFor();
        await gallery(page).getByRole('button', { name: 'Show image 3' }).click();
        await gallery(page).getByRole('heading', { name: 'Image 3 of 3' }).waitFor();
        assert.equal(await gallery(page).getByRole('button', { name: 'Show image 3' }).getAttribute('aria-current'), 'true');
        await page.keyboard.press('ArrowRight');
        await gallery(page).getByRole('heading', { name: 'Image 1 of 3' }).waitFor();
        await gallery(page).getByRole('button', { name: 'Zoom in' }).click();
        await gallery(page).getByText('Zoom 150%').waitFor();
        await gallery(page).getByRole('button', { name: 'Zoom out' }).click();
        await screenshot(page, 'rich-content-gallery-en-1280');
        await assertCloseInCorner(page, 'gallery en-US at 1280 px');
        await assertAccessible(page, 'gallery en-US');
        await page.keyboard.press('Escape');
        await gallery(page).waitFor({ state: 'detached' });

        // PDF viewer: the same-origin PDF, drawn by pdf.js with its worker from the build.
        await openPdf(page, 'Open Example certificate in the viewer');
        const viewer = page.getByRole('dialog', { name: 'Example certificate (PDF)' });
        await viewer.getByText('Page 1 of 1').waitFor();
        await assertAccessible(page, 'PDF viewer en-US');
        const worker = requests.find((url) => /pdf\.worker/.test(url));
        assert.ok(worker, 'the pdf.js worker was fetched');
        assert.equal(new URL(worker).origin, new URL(env.servers.portalUrl).origin, 'the worker comes from the build');
        assert.ok(new URL(worker).pathname.startsWith('/learn/assets/'), worker);
        await viewer.getByRole('button', { name: 'Close' }).click();
        await viewer.waitFor({ state: 'detached' });

        // The storage PDF, read through the gateway's file proxy with Ada's token.
        const proxied = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/bff/files');
        await openPdf(page, 'Open Safety checklist in the viewer');
        const answer = await proxied;
        assert.equal(answer.status(), 200);
        assert.equal(answer.headers()['content-type'], 'application/pdf');
        assert.equal(
          new URL(answer.url()).searchParams.get('url'),
          `${env.servers.sandboxOrigin}/t/acme/api/lms-storage/files/safety-checklist.pdf`,
        );
        const checklist = page.getByRole('dialog', { name: 'Safety checklist (PDF)' });
        await checklist.getByText('Page 1 of 1').waitFor();
        await screenshot(page, 'rich-content-pdf-en-1280');
        await checklist.getByRole('button', { name: 'Close' }).click();
        await checklist.waitFor({ state: 'detached' });

        await page.setViewportSize({ width: 390, height: 844 });
        await openGallery(page);
        await assertCloseInCorner(page, 'gallery en-US at 390 px');
        await screenshot(page, 'rich-content-gallery-en-390');
        await page.keyboard.press('Escape');
        await openPdf(page, 'Open Safety checklist in the viewer');
        await screenshot(page, 'rich-content-pdf-en-390');
        await page.keyboard.press('Escape');

        // Arabic: right to left, translated, the arrow keys mirrored.
        await page.setViewportSize({ width: 1280, height: 800 });
        await chooseLanguage(page, 'العربية');
        await eventually('right-to-left', () => page.evaluate(() => document.documentElement.dir === 'rtl'));
        await openGallery(page);
        await gallery(page).getByRole('heading', { name: 'الصورة 1 من 3' }).waitFor();
        await page.keyboard.press('ArrowLeft');
        await gallery(page).getByRole('heading', { name: 'الصورة 2 من 3' }).waitFor();
        await screenshot(page, 'rich-content-gallery-ar-1280');
        await assertAccessible(page, 'gallery ar-AR');
        await page.keyboard.press('Escape');
        await gallery(page).waitFor({ state: 'detached' });

        await openPdf(page, 'فتح Safety checklist في العارض');
        await page.getByRole('dialog').getByText('الصفحة 1 من 1').waitFor();
        await screenshot(page, 'rich-content-pdf-ar-1280');
        await assertAccessible(page, 'PDF viewer ar-AR');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        // The LMS's toggles keep the direction of its text (left to right on this Arabic page):
        // their chevrons point with that text, not with the page.
        const toggle = page.getByRole('main').getByRole('button', { name: 'Who is my fire warden?' });
        const chevron = await toggle
          .locator('.rc-chevron')
          .evaluate((icon) => [getComputedStyle(icon).direction, getComputedStyle(icon).transform]);
        assert.deepEqual(chevron, ['ltr', 'none'], 'the chevron of a left-to-right toggle is not mirrored');

        await page.setViewportSize({ width: 390, height: 844 });
        await openGallery(page);
        await assertCloseInCorner(page, 'gallery ar-AR at 390 px');
        await screenshot(page, 'rich-content-gallery-ar-390');
        await page.keyboard.press('Escape');
        await openPdf(page, 'فتح Safety checklist في العارض');
        await screenshot(page, 'rich-content-pdf-ar-390');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        // The About with its files and the video frame loaded, right to left.
        await page.getByRole('main').getByRole('heading', { name: 'Video' }).scrollIntoViewIfNeeded();
        await page.frameLocator('iframe[title="Workplace safety in five minutes (video)"]').locator('main').waitFor();
        await screenshot(page, 'rich-content-about-ar-390', true);
        await screenshotFiles(page, 'rich-content-files-ar-390');
        await assertAccessible(page, 'course details ar-AR at 390 px');
        await page.setViewportSize({ width: 1280, height: 800 });
        await screenshot(page, 'rich-content-about-ar-1280', true);
        await screenshotFiles(page, 'rich-content-files-ar-1280');
      },
      { context: { viewport: { width: 1280, height: 800 } } },
    );
  });
});
