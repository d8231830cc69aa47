import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import LtiCallbackPage from './LtiCallbackPage';
import { renderWith } from './lti/testing';

describe('LtiCallbackPage', () => {
  it('opened on its own, goes back to the course content', async () => {
    renderWith(
      <Routes>
        <Route path="/lti-tool-callback" element={<LtiCallbackPage />} />
        <Route path="/courses/:objectiveId/view/content" element={<p>content page</p>} />
      </Routes>,
      { url: '/lti-tool-callback?objectiveId=o-dp' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Returning to your course' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course content' })).toHaveAttribute(
      'href',
      '/courses/o-dp/view/content',
    );
    expect(await screen.findByText('content page', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('without a course: says so and links to My courses', () => {
    renderWith(<LtiCallbackPage />, { url: '/lti-tool-callback' });
    expect(screen.getByText('The tool did not say which course to return to.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My courses' })).toHaveAttribute('href', '/courses');
  });
});
