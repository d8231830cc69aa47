import { describe, expect, it } from 'vitest';
import { checkLocale, checkSource, localeTags, parseMessage } from '../../scripts/i18n-lib.mjs';
import { createIntl, defineMessage } from 'react-intl';
import { ENGLISH, loadMessages } from './loadMessages';
import english from './messages/en-US.json';
import { DEFAULT_LOCALE, directionOf, formattingLocale, LOCALES, offeredLocales } from './locales';
import { readFileSync } from 'node:fs';
import path from 'node:path';

describe('locale list', () => {
  it('has the 35 locales of the spec with native names, en-US default and Arabic right to left', () => {
    expect(LOCALES).toHaveLength(35);
    expect(new Set(LOCALES.map((l) => l.tag)).size).toBe(35);
    expect(LOCALES.every((l) => l.nativeName.trim() !== '')).toBe(true);
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.tag)).toEqual(['ar-AR']);
    expect(directionOf('ar-AR')).toBe('rtl');
    expect(directionOf('la')).toBe('ltr');
  });

  it('is what the check script reads', () => {
    const localesSource = readFileSync(path.resolve(process.cwd(), 'src/i18n/locales.ts'), 'utf8');
    expect(localeTags(localesSource)).toEqual(LOCALES.map((l) => l.tag));
  });

  it('offers only known locales of the tenant list, en-US when none is known', () => {
    expect(offeredLocales(['en-US', 'xx-XX', 'ar-AR'])).toEqual(['en-US', 'ar-AR']);
    expect(offeredLocales([])).toEqual(['en-US']);
  });
});

describe('formatting locale', () => {
  it('formats Arabic with Latin digits', () => {
    const locale = formattingLocale('ar-AR');
    expect(locale).toBe('ar-AR-u-nu-latn');
    expect(new Intl.NumberFormat(locale).format(1234)).toMatch(/^1.?234$/);
    expect(
      new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone: 'UTC' }).format(new Date('2030-01-25T12:00:00Z')),
    ).toBe('25');
  });

  it('falls back to en-US for Latin, which browsers have no data for, and formats without throwing', () => {
    const locale = formattingLocale('la', () => false);
    expect(locale).toBe('en-US');
    expect(formattingLocale('la')).toMatch(/^(la|en-US)$/);
    expect(() =>
      new Intl.DateTimeFormat(formattingLocale('la'), { dateStyle: 'full' }).format(new Date()),
    ).not.toThrow();
    expect(new Intl.NumberFormat(formattingLocale('la')).format(1.5)).toBe('1.5');
  });

  it('keeps Serbian in Latin script when Intl has it', () => {
    expect(formattingLocale('sr-Latn-RS', () => true)).toBe('sr-Latn-RS');
    expect(() => new Intl.DateTimeFormat(formattingLocale('sr-Latn-RS')).format(new Date())).not.toThrow();
  });
});

describe('locale loader', () => {
  it('answers English (the texts in the code) for en-US without loading anything', async () => {
    const load = vi.fn();
    expect(await loadMessages('en-US', load)).toBe(ENGLISH);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a locale chunk', async () => {
    const messages = await loadMessages('fr-FR', () =>
      Promise.resolve({ default: { 'app.skipToMain': 'Aller au contenu' } }),
    );
    expect(messages).toEqual({ 'app.skipToMain': 'Aller au contenu' });
  });

  it('falls back silently to English when the chunk fails to load', async () => {
    const messages = await loadMessages('de-DE', () => Promise.reject(new Error('ChunkLoadError')));
    expect(messages).toBe(ENGLISH);
  });

  it('loads the real Arabic and Finnish files, and English for a tag without a file', async () => {
    const arabic = await loadMessages('ar-AR');
    expect(arabic['app.userMenu.signOut']).toMatch(/[\u0600-\u06FF]/);
    const finnish = await loadMessages('fi-FI');
    expect(finnish['app.nav.courses']).toBeTruthy();
    expect(finnish['app.nav.courses']).not.toBe(english['app.nav.courses']);
    expect(await loadMessages('xx-XX')).toBe(ENGLISH);
  });

  it('shows an id a translation lacks in English, from the code', () => {
    const intl = createIntl({ locale: 'de-DE', defaultLocale: 'en-US', messages: {}, onError: () => undefined });
    const message = defineMessage({ id: 'test.hello', defaultMessage: 'Hello {name}' });
    expect(intl.formatMessage(message, { name: 'Ada' })).toBe('Hello Ada');
  });
});

describe('message check', () => {
  const source = { 'a.one': 'Hello {name}', 'a.two': '{count, plural, one {# course} other {# courses}}' };

  it('passes a complete translation', () => {
    expect(
      checkLocale(source, { 'a.one': 'Hallo {name}', 'a.two': '{count, plural, one {# Kurs} other {# Kurse}}' }),
    ).toEqual([]);
  });

  it('fails on a missing and an extra id', () => {
    expect(checkLocale(source, { 'a.one': 'Hallo {name}', 'a.three': 'x' })).toEqual([
      'missing: a.two',
      'extra: a.three',
    ]);
  });

  it('fails on a message that does not parse as ICU', () => {
    const problems = checkLocale(source, {
      'a.one': 'Hallo {name',
      'a.two': '{count, plural, one {# Kurs} other {# Kurse}}',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^does not parse: a\.one/);
    expect(checkSource({ bad: '{count, plural, one {x}' })[0]).toMatch(/^does not parse: bad/);
  });

  it('fails on arguments that differ from English', () => {
    expect(checkLocale(source, { 'a.one': 'Hallo {nom}', 'a.two': '{count, plural, other {# Kurse}}' })).toEqual([
      'arguments differ from en-US: a.one ({nom})',
    ]);
    expect(parseMessage('<b>{n}</b>').args).toEqual(new Set(['b', 'n']));
  });
});
