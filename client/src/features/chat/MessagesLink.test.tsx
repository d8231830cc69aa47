import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MessagesLink } from './MessagesLink';

describe('MessagesLink', () => {
  it('opens the chat panel on the current page, keeping its query', () => {
    const router = createMemoryRouter([{ path: '/catalog', element: <MessagesLink /> }], {
      initialEntries: ['/catalog?keyword=safety'],
    });
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <RouterProvider router={router} />
      </IntlProvider>,
    );
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/catalog?keyword=safety#chat');
  });
});
