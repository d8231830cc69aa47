import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { courseCard } from '../../test/factories';
import { CourseCard } from './CourseCard';

function renderCard(unreadAnnouncements: number, announcementChannelId?: string) {
  const card = courseCard({ name: 'Data Privacy Basics', unreadAnnouncements, announcementChannelId });
  const router = createMemoryRouter([{ path: '/courses', element: <CourseCard kind="enrolled" card={card} /> }], {
    initialEntries: ['/courses?keyword=data'],
  });
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

describe('the unread announcements indicator of a course card', () => {
  it('links to the course announcements in the chat panel, keeping the page and its query', () => {
    renderCard(2, 'ch 1');
    const link = screen.getByRole('link', { name: '2 new announcements in Data Privacy Basics' });
    expect(link).toHaveAttribute('href', '/courses?keyword=data#chat=ch%201');
    expect(link).toHaveTextContent('2 new announcements');
  });

  it('is absent without unread announcements or without a channel', () => {
    renderCard(0, 'ch-1');
    expect(screen.queryByRole('link', { name: /new announcement/ })).not.toBeInTheDocument();
  });

  it('is absent when the card has no channel', () => {
    renderCard(3);
    expect(screen.queryByRole('link', { name: /new announcement/ })).not.toBeInTheDocument();
  });
});
