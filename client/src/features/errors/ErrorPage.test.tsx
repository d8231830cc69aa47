import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPage, type ErrorStatus } from './ErrorPage';

afterEach(cleanup);

function renderPage(status: ErrorStatus) {
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <MemoryRouter>
        <ErrorPage status={status} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return document.querySelector('.error-view__art');
}

describe('ErrorPage', () => {
  it.each([
    [401, '401 Unauthorized access'],
    [403, '403 Forbidden'],
    [500, '500 Something went wrong'],
    [501, '501 Feature is not implemented'],
  ] as const)(
    'a %i page, whose title names its number, shows a picture above it, not the number again',
    (status, title) => {
      const mark = renderPage(status);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(mark?.querySelector('svg')).not.toBeNull();
      expect(mark?.textContent).toBe('');
      expect(mark).toHaveAttribute('aria-hidden', 'true');
    },
  );

  it('the 404 page, whose title names no number, shows 404 above it', () => {
    const mark = renderPage(404);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(mark?.textContent).toBe('404');
  });
});
