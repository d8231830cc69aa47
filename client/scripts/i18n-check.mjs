// The message check (`npm run i18n:check`). Fails when:
// - src/i18n/messages/en-US.json differs from a fresh extraction of the sources (run
//   `npm run i18n:extract` and commit the result), or an English message does not parse;
// - a locale file exists for a tag that src/i18n/locales.ts does not list;
// - a locale file that exists lacks an English id, has an id English does not have, holds a
//   message that does not parse as ICU MessageFormat, or uses other arguments than English.
// Locales without a file are not offered any translation yet (they show English); adding one:
// `node scripts/i18n-merge.mjs <tag> <translations.json> && npm run i18n:check`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLocale, checkSource, localeTags } from './i18n-lib.mjs';

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
    if (!(id in committed)) problems.push(`en-US.json: missing: ${id} (run \`npm run i18n:extract\`)`);
    else if (committed[id] !== text) problems.push(`en-US.json: changed: ${id} (run \`npm run i18n:extract\`)`);
  }
  for (const id of Object.keys(committed)) {
    if (!(id in fresh)) problems.push(`en-US.json: stale: ${id} (run \`npm run i18n:extract\`)`);
  }
  problems.push(...checkSource(fresh).map((p) => `en-US.json: ${p}`));

  const known = new Set(localeTags(readFileSync(path.join(root, 'src/i18n/locales.ts'), 'utf8')));
  const present = [];
  for (const file of readdirSync(messagesDir).sort()) {
    if (file === 'en-US.json' || !file.endsWith('.json')) continue;
    const tag = file.slice(0, -'.json'.length);
    if (!known.has(tag)) {
      problems.push(`${file}: ${tag} is not in the LOCALES list of src/i18n/locales.ts`);
      continue;
    }
    present.push(tag);
    const translated = JSON.parse(readFileSync(path.join(messagesDir, file), 'utf8'));
    problems.push(...checkLocale(fresh, translated).map((p) => `${file}: ${p}`));
  }
  if (problems.length) {
    console.error(`The messages have ${problems.length} problem(s):`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  const pending = [...known].filter((tag) => tag !== 'en-US' && !present.includes(tag));
  console.log(
    `Messages are consistent: ${Object.keys(fresh).length} in en-US; complete in ${present.join(', ') || 'no other locale'}; ` +
      `${pending.length} locale(s) without a file yet show English.`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
