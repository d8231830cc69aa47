// A locale whose file cannot be fetched shows in English (spec section 8), and in the locale once
// the browser is back online: before, it stayed English until a reload.
import { act, render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from './I18nProvider';

function Greeting() {
  const intl = useIntl();
  return <p>{intl.formatMessage({ id: 'test.greeting', defaultMessage: 'Good morning' })}</p>;
}

describe('I18nProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fetches a locale whose file could not be fetched again once back online', async () => {
    // react-intl reports each text shown in English in place of the locale's.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reachable = false;
    const importLocale = vi.fn(() =>
      reachable
        ? Promise.resolve({ default: { 'test.greeting': 'Bonjour' } })
        : Promise.reject(Object.assign(new Error('Loading chunk locale-fr-FR failed.'), { name: 'ChunkLoadError' })),
    );
    render(
      <I18nProvider offered={['fr-FR']} tenantDefault="fr-FR" importLocale={importLocale}>
        <Greeting />
      </I18nProvider>,
    );
    // English in the locale's place (its direction and formats are the locale's).
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('fr-FR'));
    expect(screen.getByText('Good morning')).toBeInTheDocument();
    expect(importLocale).toHaveBeenCalledTimes(1);

    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Bonjour')).toBeInTheDocument();
    expect(importLocale).toHaveBeenCalledTimes(2);

    // Loaded: going offline and online again fetches nothing more.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(importLocale).toHaveBeenCalledTimes(2);
  });
});
