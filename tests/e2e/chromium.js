// Debian's Chromium, launched the one way every browser of the tests (and `make bench`'s client
// scenario, tests/load/client.mjs) is: headless, with no network of its own.
import { chromium } from 'playwright-core';

/** Chromium's flags for every browser launched here. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium (`CHROMIUM_PATH`, else /usr/bin/chromium) with `options` added. */
export function launchChromium(options = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}
