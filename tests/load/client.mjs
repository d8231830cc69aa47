// Scenario 5 of `make bench`: what /learn/courses loads and how long the first course card takes.
// `node tests/load/client.mjs PORTAL_COURSES_URL RUNS` signs ada in through the sandbox's page,
// then loads the page RUNS times in a fresh browser context (empty cache, the session cookie
// kept) with 4x CPU throttling (DevTools protocol), timing navigation to the first course card.
// Prints one JSON line. Launches Debian's Chromium as the browser tests do (tests/e2e/chromium.js).
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/chromium.js';

const [url, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);

const browser = await launchChromium();

const firstCard = (page) =>
  page.getByRole('main').getByRole('list', { name: 'Courses' }).getByRole('listitem').first();

try {
  // Sign in once; the contexts below start from its cookies.
  const signIn = await browser.newContext();
  const page = await signIn.newPage();
  await page.goto(url);
  await page.getByLabel(/user\s*name/i).fill('ada');
  await page.getByLabel(/password/i).fill('demo');
  await page.getByRole('button', { name: /sign in|log in|continue/i }).first().click();
  await page.waitForURL((u) => u.pathname === '/learn/courses', { timeout: 30_000 });
  await firstCard(page).waitFor({ timeout: 30_000 });
  const state = await signIn.storageState();
  await signIn.close();

  // What the page loads: every script and style sheet, with the bytes on the wire.
  const filesContext = await browser.newContext({ storageState: state });
  const filesPage = await filesContext.newPage();
  const cdp = await filesContext.newCDPSession(filesPage);
  await cdp.send('Network.enable');
  const wire = new Map();
  const urls = new Map();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response));
  cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
  const bodies = [];
  filesPage.on('response', async (response) => {
    const u = new URL(response.url());
    if (/\.(js|css)$/.test(u.pathname) && u.pathname.startsWith('/learn/')) {
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    }
  });
  await filesPage.goto(url);
  await firstCard(filesPage).waitFor({ timeout: 30_000 });
  await filesPage.waitForLoadState('networkidle');
  const files = [];
  for (const { url: fileUrl, body } of await Promise.all(bodies)) {
    const entry = [...urls.entries()].find(([, r]) => r.url === fileUrl);
    const headers = entry ? Object.fromEntries(Object.entries(entry[1].headers).map(([k, v]) => [k.toLowerCase(), v])) : {};
    files.push({
      name: new URL(fileUrl).pathname,
      bytes: body.length,
      gzip_bytes: gzipSync(body, { level: 6 }).length,
      transferred_bytes: entry ? wire.get(entry[0]) ?? null : null,
      encoding: headers['content-encoding'] ?? null,
    });
  }
  files.sort((a, b) => a.name.localeCompare(b.name));
  await filesContext.close();

  // Time to the first card, throttled, cold browser cache.
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.newContext({ storageState: state });
    const p = await context.newPage();
    const session = await context.newCDPSession(p);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const start = Date.now();
    await p.goto(url, { waitUntil: 'commit' });
    await firstCard(p).waitFor({ timeout: 60_000 });
    times.push(Date.now() - start);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const sum = (key) => files.reduce((n, f) => n + (f[key] ?? 0), 0);
  console.log(
    JSON.stringify({
      url,
      files,
      total_bytes: sum('bytes'),
      total_gzip_bytes: sum('gzip_bytes'),
      total_transferred_bytes: sum('transferred_bytes'),
      cpu_throttling: 4,
      first_card_ms: times,
      first_card_median_ms: sorted[Math.floor(sorted.length / 2)],
    }),
  );
} finally {
  await browser.close();
}
