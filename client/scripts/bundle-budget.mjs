// The bundle budget (`npm run budget`, part of `make test`): the JavaScript and CSS a browser
// needs for the first paint of My courses (`/learn/courses`), gzip, must stay within BUDGET_BYTES.
// That is the entry (index.html's scripts and styles) plus the `my-courses` route module with
// the chunks it shares with others, read from the build's `chunk-groups.json` (written by
// webpack.config.js). Widgets, menus, dialogs and toasts load after the first paint (see
// src/app/idle.ts) and are listed, not counted. Sizes are those of the build's `.gz` twins
// (gzip level 9), else the file gzipped here at level 9.
//
// Also fails when a message reached the bundle uncompiled (a `defaultMessage` string the
// browser would have to parse: the build ships no message parser).
//
// `node scripts/bundle-budget.mjs [DIST]` (default: $CLIENT_DIST, else client/dist).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget of the initial JavaScript + CSS of /learn/courses, gzip. */
export const BUDGET_BYTES = 150 * 1024;

/** Chunk groups of the first paint of /learn/courses: the entry and the route module. */
const FIRST_PAINT = ['main', 'my-courses'];

/** What the shell fetches once the browser is idle after the first paint (src/app/idle.ts). */
const AFTER_PAINT = ['user-menu', 'nav-drawer', 'toasts', 'feedback'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? process.env.CLIENT_DIST ?? path.join(root, 'dist'));
const manifestPath = path.join(dist, 'chunk-groups.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle budget: ${manifestPath} is missing; build the client first (npm run build)`);
  process.exit(2);
}
const { groups } = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizes = new Map();
/** Gzip bytes of a built file. */
function gzipBytes(file) {
  if (!sizes.has(file)) {
    const full = path.join(dist, file);
    const twin = `${full}.gz`;
    sizes.set(file, existsSync(twin) ? readFileSync(twin).length : gzipSync(readFileSync(full), { level: 9 }).length);
  }
  return sizes.get(file);
}
const sum = (files) => files.reduce((total, file) => total + gzipBytes(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

for (const name of FIRST_PAINT) {
  if (!groups[name]) {
    console.error(`bundle budget: no chunk group '${name}' in ${manifestPath}`);
    process.exit(2);
  }
}
const firstPaint = [...new Set(FIRST_PAINT.flatMap((name) => groups[name].files))];

// What index.html loads must be the entry's files (else the manifest is not what runs).
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)=["']?\/learn\/([^"' >]+\.(?:js|css))/g)].map((m) => m[1]);
const unlisted = referenced.filter((file) => !groups.main.files.includes(file));
if (unlisted.length || !referenced.length) {
  console.error(
    `bundle budget: index.html loads ${referenced.join(', ') || 'nothing'}, the entry lists ${groups.main.files.join(', ')}`,
  );
  process.exit(2);
}

const uncompiled = Object.values(groups)
  .flatMap((group) => group.files)
  .filter((file, index, all) => file.endsWith('.js') && all.indexOf(file) === index)
  .filter((file) => /defaultMessage:\s*["'`]/.test(readFileSync(path.join(dist, file), 'utf8')));

console.log('First paint of /learn/courses (gzip):');
for (const file of firstPaint) console.log(`  ${kb(gzipBytes(file)).padStart(9)}  ${file}`);
const total = sum(firstPaint);
console.log(`  ${kb(total).padStart(9)}  total (budget ${kb(BUDGET_BYTES)})`);

const idle = [...new Set(AFTER_PAINT.flatMap((name) => groups[name]?.files ?? []))].filter(
  (f) => !firstPaint.includes(f),
);
console.log(`  ${kb(sum(idle)).padStart(9)}  fetched after it while the browser is idle (${AFTER_PAINT.join(', ')})`);

console.log('\nOther chunk groups, what each adds to the first paint (gzip):');
const extra = Object.entries(groups)
  .filter(([name]) => !FIRST_PAINT.includes(name) && !name.startsWith('locale-'))
  .map(([name, group]) => [name, sum(group.files.filter((file) => !firstPaint.includes(file)))])
  .sort((a, b) => b[1] - a[1]);
for (const [name, bytes] of extra) console.log(`  ${kb(bytes).padStart(9)}  ${name}`);
const locales = Object.entries(groups).filter(([name]) => name.startsWith('locale-'));
if (locales.length) {
  const localeSizes = locales.map(([, group]) => sum(group.files));
  console.log(
    `  ${locales.length} locale chunks, ${kb(Math.min(...localeSizes))} to ${kb(Math.max(...localeSizes))} each`,
  );
}

let failed = false;
if (uncompiled.length) {
  console.error(`\nbundle budget: messages left uncompiled (a defaultMessage string) in ${uncompiled.join(', ')}`);
  failed = true;
}
if (total > BUDGET_BYTES) {
  console.error(
    `\nbundle budget: the first paint of /learn/courses needs ${kb(total)} gzip, over the budget of ${kb(BUDGET_BYTES)}`,
  );
  failed = true;
}
process.exit(failed ? 1 : 0);
