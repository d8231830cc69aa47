import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicCertificateView, PublicCourseView } from '../../api/contracts/bff';
import { renderApp } from '../../test/renderApp';
import { failingOnce, http, HttpResponse, server } from '../../test/server';
import { sentence } from '../../test/text';

const ID = '3f1c2a9e-0000-4000-8000-000000000042';

function course(overrides: Partial<PublicCourseView> = {}): PublicCourseView {
  return {
    objectiveId: ID,
    name: 'Secure Coding 101',
    code: 'SEC-101',
    description: 'Write code that resists the most common attacks.',
    collections: [{ id: 'c-1', name: 'Security', uncategorized: false }],
    isDraft: false,
    loginUrl: `/oidc/login?redirectUrl=%2Flearn%2Fcatalog%2F${ID}`,
    about: '<p>Threat models and safe defaults.</p>',
    ...overrides,
  };
}

function certificate(overrides: Partial<PublicCertificateView> = {}): PublicCertificateView {
  return {
    holderName: 'Ada Lovelace',
    courseName: 'Workplace Safety',
    pdfUrl: '/api/bff/public/certificates/SAF-0001/certificate.pdf',
    shareUrl: '/learn/certificate/SAF-0001',
    certificateNumber: 'SAF-0001',
    templateName: 'Safety certificate',
    issuedAt: '2026-02-01T10:00:00Z',
    expiresAt: '2027-02-01T10:00:00Z',
    expired: false,
    ...overrides,
  };
}

describe('public course page', () => {
  it.each([`/learn/open-catalog/${ID}/view/details`, `/learn/open-catalog/${ID}`])(
    'shows the course with a sign-in call to action at %s',
    async (url) => {
      server.use(http.get(`*/api/bff/public/catalog/${ID}`, () => HttpResponse.json(course())));
      renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Secure Coding 101' })).toBeInTheDocument();
      expect(screen.getByText(sentence('Code: SEC-101'))).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Collections' })).getByText('Security')).toBeInTheDocument();
      const signIn = screen.getAllByRole('link', { name: 'Sign in to enroll' });
      expect(signIn.length).toBeGreaterThan(0);
      for (const link of signIn)
        expect(link).toHaveAttribute('href', `/oidc/login?redirectUrl=%2Flearn%2Fcatalog%2F${ID}`);
      expect(screen.getByText('Threat models and safe defaults.')).toBeInTheDocument();
      // Public layout: no user menu, the catalog-only menu.
      expect(screen.queryByRole('button', { name: /user menu/i })).toBeNull();
      expect(within(screen.getByRole('navigation')).getByRole('link')).toHaveAttribute('href', '/learn/open-catalog');
    },
  );

  it('sends a visitor who is already signed in to the course in the portal instead of signing in', async () => {
    server.use(
      http.get(`*/api/bff/public/catalog/${ID}`, () => HttpResponse.json(course({ openLink: `/catalog/${ID}` }))),
    );
    renderApp(`/learn/open-catalog/${ID}/view/details`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Secure Coding 101' })).toBeInTheDocument();
    const open = screen.getAllByRole('link', { name: 'Go to the course' });
    expect(open).toHaveLength(2);
    for (const link of open) expect(link).toHaveAttribute('href', `/learn/catalog/${ID}`);
    expect(screen.queryByRole('link', { name: 'Sign in to enroll' })).toBeNull();
    expect(
      screen.getByText(sentence('You are signed in. Go to the course to take it and track your progress.')),
    ).toBeInTheDocument();
  });

  it('says the visitor is offline while the device has no network, as the signed-in pages do', async () => {
    server.use(http.get(`*/api/bff/public/catalog/${ID}`, () => HttpResponse.json(course())));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderApp(`/learn/open-catalog/${ID}/view/details`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Secure Coding 101' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(/^You are offline\. Pages you open/);
    } finally {
      onLine.mockRestore();
    }
  });

  it('covers a course without image in its own colour, as its open catalog card does', async () => {
    server.use(http.get(`*/api/bff/public/catalog/${ID}`, () => HttpResponse.json(course({ color: '#2f9e44' }))));
    const { container } = renderApp(`/learn/open-catalog/${ID}/view/details`);
    await screen.findByRole('heading', { level: 1, name: 'Secure Coding 101' });
    const cover = container.querySelector<HTMLElement>('.details-cover')!;
    expect(cover.style.backgroundColor).toBe('rgb(47, 158, 68)');
    expect(cover.querySelector('img')).toBeNull();
  });

  it('says when the course is not in the open catalog', async () => {
    server.use(
      http.get(`*/api/bff/public/catalog/${ID}`, () =>
        HttpResponse.json({ title: 'Not found', status: 404 }, { status: 404 }),
      ),
    );
    renderApp(`/learn/open-catalog/${ID}/view/details`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
  });

  it('says in its heading that the course could not be loaded, and loads it again on retry', async () => {
    server.use(http.get(`*/api/bff/public/catalog/${ID}`, failingOnce(503, course)));
    const { user } = renderApp(`/learn/open-catalog/${ID}/view/details`);
    const title = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Please try again in a few minutes.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Secure Coding 101' })).toBeInTheDocument();
  });
});

describe('public certificate page', () => {
  it('shows the certificate without a menu, with download and share', async () => {
    server.use(http.get('*/api/bff/public/certificates/SAF-0001', () => HttpResponse.json(certificate())));
    renderApp('/learn/certificate/SAF-0001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workplace Safety' })).toBeInTheDocument();
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getByText('SAF-0001')).toBeInTheDocument();
    expect(screen.getByText('Valid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/bff/public/certificates/SAF-0001/certificate.pdf',
    );
    expect(screen.getByRole('button', { name: 'Copy share link' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the expired state', async () => {
    server.use(
      http.get('*/api/bff/public/certificates/SAF-0001', () => HttpResponse.json(certificate({ expired: true }))),
    );
    renderApp('/learn/certificate/SAF-0001');
    await screen.findByRole('heading', { level: 1, name: 'Workplace Safety' });
    expect(screen.getByRole('note')).toHaveTextContent('This certificate has expired');
  });

  it('shows not-found for an unknown number', async () => {
    server.use(
      http.get('*/api/bff/public/certificates/NOPE-1', () =>
        HttpResponse.json({ title: 'Not found', status: 404 }, { status: 404 }),
      ),
    );
    renderApp('/learn/certificate/NOPE-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByText(/NOPE-1/)).toBeInTheDocument();
  });
});
