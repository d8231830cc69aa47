import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CertificatePreview } from '../../api/contracts/bff';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';
import { COURSE_ID, detailsView } from '../course-details/testData';

const URL_PATH = `/learn/courses/${COURSE_ID}/certificate/SAF-0001`;

function preview(overrides: Partial<CertificatePreview> = {}): CertificatePreview {
  return {
    studentName: 'Ada Lovelace',
    objectiveId: COURSE_ID,
    courseName: 'Workplace Safety',
    courseCode: 'SAF-100',
    description: 'Stay safe at work: hazards, equipment and emergency procedures.',
    score: { percent: 92, points: { score: 92, maxScore: 100 }, color: 'success' },
    grade: 'A',
    pdfUrl: '/api/bff/public/certificates/SAF-0001/certificate.pdf',
    sharePath: '/learn/certificate/SAF-0001',
    certificateNumber: 'SAF-0001',
    templateName: 'Safety certificate',
    issuedAt: '2026-02-01T10:00:00Z',
    expiresAt: '2027-02-01T10:00:00Z',
    expired: false,
    ...overrides,
  };
}

function serve(view: CertificatePreview | { status: number }) {
  server.use(
    http.get(`*/api/bff/courses/${COURSE_ID}`, () => HttpResponse.json(detailsView({ name: 'Workplace Safety' }))),
    http.get('*/api/bff/certificates/SAF-0001', () =>
      'status' in view
        ? HttpResponse.json({ title: 'Not found', status: view.status }, { status: view.status })
        : HttpResponse.json(view),
    ),
  );
}

describe('certificate preview', () => {
  it('shows a valid certificate with its details, download and share link', async () => {
    serve(preview());
    const { user } = renderApp(URL_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Workplace Safety' })).toBeInTheDocument();
    for (const text of [
      'Ada Lovelace',
      'SAF-100',
      'SAF-0001',
      'Safety certificate',
      'A',
      'February 1, 2026',
      'February 1, 2027',
      'Valid',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    // Isolated, so that in Arabic the marks around `%` do not reorder the points after it.
    expect(screen.getByText('92%').tagName).toBe('BDI');
    expect(screen.getByText(/Stay safe at work/)).toBeInTheDocument();
    expect(screen.queryByText(/This certificate expired/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/bff/public/certificates/SAF-0001/certificate.pdf',
    );
    // The shell's breadcrumb leads back to the course.
    expect(await screen.findByRole('link', { name: 'Workplace Safety' })).toHaveAttribute(
      'href',
      `/learn/courses/${COURSE_ID}`,
    );

    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    expect(await screen.findByText('The link was copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/learn/certificate/SAF-0001`);
  });

  it('shows the expired state', async () => {
    serve(preview({ expired: true, expiresAt: '2025-10-01T10:00:00Z' }));
    renderApp(URL_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Workplace Safety' });
    expect(screen.getByRole('note')).toHaveTextContent('This certificate expired on Oct 1, 2025.');
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('Expired on')).toBeInTheDocument();
  });

  it('says when the link could not be copied', async () => {
    serve(preview());
    const { user } = renderApp(URL_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Workplace Safety' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy share link' }));
    expect(await screen.findByText('The link could not be copied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy share link' })).toBeInTheDocument();
  });

  it('links a PDF only through the gateway, never to another host', async () => {
    serve(preview({ pdfUrl: 'http://127.0.0.1:8081/t/acme/api/public/certificate-records/x/certificate.pdf' }));
    renderApp(URL_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Workplace Safety' });
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/bff/public/certificates/SAF-0001/certificate.pdf',
    );
  });

  it('says when the learner has no such certificate', async () => {
    serve({ status: 404 });
    renderApp(URL_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute(
      'href',
      `/learn/courses/${COURSE_ID}`,
    );
  });

  it('shows an error with retry when the certificate cannot be loaded', async () => {
    serve({ status: 503 });
    renderApp(URL_PATH);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Please try again in a few minutes.')).toBeInTheDocument();
  });
});
