// Fails when src/i18n/messages/en-US.json differs from a fresh extraction of the sources
// (run `npm run i18n:extract` and commit the result), and warns about translation ids that
// no longer exist in English.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const messagesDir = path.join(root, 'src/i18n/messages');
const committedPath = path.join(messagesDir, 'en-US.json');
const scratch = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
const freshPath = path.join(scratch, 'en-US.json');

try {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const extract = pkg.scripts['i18n:extract'].replace(/--out-file\s+\S+/, '');
  execFileSync(`npx --no-install ${extract} --out-file "${freshPath}"`, {
    cwd: root,
    shell: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const fresh = JSON.parse(readFileSync(freshPath, 'utf8'));
  const committed = JSON.parse(readFileSync(committedPath, 'utf8'));
  const problems = [];
  for (const [id, text] of Object.entries(fresh)) {
    if (!(id in committed)) problems.push(`missing: ${id}`);
    else if (committed[id] !== text) problems.push(`changed: ${id}`);
  }
  for (const id of Object.keys(committed)) {
    if (!(id in fresh)) problems.push(`stale: ${id}`);
  }
  for (const file of readdirSync(messagesDir)) {
    if (file === 'en-US.json' || !file.endsWith('.json')) continue;
    const translated = JSON.parse(readFileSync(path.join(messagesDir, file), 'utf8'));
    const unknown = Object.keys(translated).filter((id) => !(id in fresh));
    if (unknown.length) console.warn(`${file}: ids not in en-US: ${unknown.join(', ')}`);
  }
  if (problems.length) {
    console.error('en-US.json is out of date; run `npm run i18n:extract`:');
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(`en-US.json is up to date (${Object.keys(fresh).length} messages).`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
