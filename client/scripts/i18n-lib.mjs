// The rules of the message check, kept apart from the file reading so they can be tested.
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

/** Names of the arguments a parsed ICU message uses (plural, select and tag bodies included). */
function argumentsOf(elements, into = new Set()) {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal && element.type !== TYPE.pound) into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.options) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

/** Parses `text` as ICU MessageFormat; the arguments it uses, or the parse error. */
export function parseMessage(text) {
  try {
    return { args: argumentsOf(parse(text)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Problems of one locale's messages against the English source: a missing id, an id English
 * does not have, a message that does not parse, or one whose arguments differ from English's.
 */
export function checkLocale(source, translated) {
  const problems = [];
  for (const id of Object.keys(source)) {
    if (!(id in translated)) problems.push(`missing: ${id}`);
  }
  for (const [id, text] of Object.entries(translated)) {
    if (!(id in source)) {
      problems.push(`extra: ${id}`);
      continue;
    }
    if (typeof text !== 'string') {
      problems.push(`not a string: ${id}`);
      continue;
    }
    const parsed = parseMessage(text);
    if (parsed.error) {
      problems.push(`does not parse: ${id} (${parsed.error})`);
      continue;
    }
    const expected = parseMessage(source[id]).args ?? new Set();
    const differs = [...expected].some((a) => !parsed.args.has(a)) || [...parsed.args].some((a) => !expected.has(a));
    if (differs) problems.push(`arguments differ from en-US: ${id} ({${[...parsed.args].join('}, {')}})`);
  }
  return problems;
}

/** Problems of the English source itself: messages that do not parse. */
export function checkSource(source) {
  return Object.entries(source)
    .map(([id, text]) => [id, parseMessage(text)])
    .filter(([, parsed]) => parsed.error)
    .map(([id, parsed]) => `does not parse: ${id} (${parsed.error})`);
}

/** The locale tags of `src/i18n/locales.ts` (the LOCALES list), read from its source. */
export function localeTags(localesSource) {
  return [...localesSource.matchAll(/\{\s*tag:\s*'([^']+)'/g)].map((m) => m[1]);
}
