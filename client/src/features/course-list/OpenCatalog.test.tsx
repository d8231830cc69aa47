import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogCard, PublicCatalogView } from '../../api/contracts/bff';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';

function card(name: string, id: string): CatalogCard {
  return { objectiveId: id, name, isDraft: false, color: '#1f6f3a', link: `/open-catalog/${id}/view/details` };
}

function view(items: CatalogCard[], overrides: Partial<PublicCatalogView> = {}): PublicCatalogView {
  return {
    items,
    totalCount: items.length,
    keyword: '',
    collectionsApplied: [],
    filtersUnavailable: false,
    collections: [],
    ...overrides,
  };
}

describe('Open catalog (signed out)', () => {
  it('lists the public courses with links to their public pages and searches by keyword, without a session', async () => {
    let sessionAsked = false;
    const keywords: (string | null)[] = [];
    server.use(
      http.get('*/api/bff/session', () => {
        sessionAsked = true;
        return HttpResponse.json({ error: 'unauthorized' }, { status: 401 });
      }),
      http.get('*/api/bff/public/catalog', ({ request }) => {
        const keyword = new URL(request.url).searchParams.get('keyword');
        keywords.push(keyword);
        const all = [card('Secure Coding 101', 'o-sec'), card('Spanish Essentials', 'o-spa')];
        return HttpResponse.json(view(all.filter((c) => !keyword || c.name.toLowerCase().includes(keyword))));
      }),
    );
    const { user, location } = renderApp('/learn/open-catalog');

    const list = await screen.findByRole('list', { name: 'Courses' });
    expect(screen.getByRole('heading', { level: 1, name: 'Course catalog' })).toBeInTheDocument();
    // The page does not know whether its reader is signed in: its line under the heading holds
    // for both, and a course's page says how to add it (sign in, or go to it in the portal).
    expect(
      screen.getByText(
        'Explore the courses on offer. Open one to see what it covers and how to add it to your courses.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/sign in/i)).toBeNull();
    expect(within(list).getByRole('link', { name: 'Secure Coding 101' })).toHaveAttribute(
      'href',
      '/learn/open-catalog/o-sec/view/details',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'span');
    await waitFor(() => expect(location()).toBe('/open-catalog?keyword=span'), { timeout: 2000 });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(keywords).toEqual([null, 'span']);
    expect(sessionAsked).toBe(false);
  });

  it('says when the search matches nothing', async () => {
    server.use(http.get('*/api/bff/public/catalog', () => HttpResponse.json(view([]))));
    renderApp('/learn/open-catalog?keyword=zzz');
    expect(await screen.findByRole('heading', { name: 'No courses match "zzz"' })).toBeInTheDocument();
  });
});
