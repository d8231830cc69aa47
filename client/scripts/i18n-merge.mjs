// Merges translations into a locale file: `node scripts/i18n-merge.mjs ar-AR new.json`.
// Keys from new.json win; the result is written sorted, in one step, so features translated
// at the same time do not overwrite each other's keys.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [locale, source] = process.argv.slice(2);
if (!locale || !source) {
  console.error('usage: node scripts/i18n-merge.mjs <locale> <translations.json>');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'src/i18n/messages', `${locale}.json`);
let current = {};
try {
  current = JSON.parse(readFileSync(target, 'utf8'));
} catch {
  // A new locale starts empty.
}
const added = JSON.parse(readFileSync(source, 'utf8'));
const merged = Object.fromEntries(Object.entries({ ...current, ...added }).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(`${target}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
renameSync(`${target}.tmp`, target);
console.log(`${locale}: ${Object.keys(added).length} merged, ${Object.keys(merged).length} in all`);
