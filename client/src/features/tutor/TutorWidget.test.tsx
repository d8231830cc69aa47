import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../../test/server';
import { TutorSlotContext } from '../../app/tutorSlot';
import { TutorWidget } from './TutorWidget';

const sse = (events: Array<[string, unknown]>) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

function renderWidget(slot: HTMLElement | null = null, inPage = false) {
  server.use(http.get('*/api/bff/courses/c1', () => HttpResponse.json({ name: 'Cybersecurity Program' })));
  const user = userEvent.setup({ delay: null });
  const tree = (place: HTMLElement | null) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <TutorSlotContext.Provider value={{ slot: place, setSlot: () => undefined }}>
          <TutorWidget objectiveId="c1" inPage={inPage} />
        </TutorSlotContext.Provider>
      </IntlProvider>
    </SWRConfig>
  );
  const { rerender } = render(tree(slot));
  return { user, placeAppears: (place: HTMLElement) => rerender(tree(place)) };
}

describe('TutorWidget', () => {
  it('floats its button when the page has no place for it', () => {
    renderWidget();
    expect(screen.getByRole('button', { name: 'Ask the AI tutor' })).toHaveClass('tutor__open');
  });

  it('waits for the place of a page known to hold one (the player while it loads) instead of floating', () => {
    const bar = document.createElement('div');
    document.body.append(bar);
    try {
      const { placeAppears } = renderWidget(null, true);
      expect(screen.queryByRole('button', { name: 'Ask the AI tutor' })).not.toBeInTheDocument();
      placeAppears(bar);
      expect(within(bar).getByRole('button', { name: 'Ask the AI tutor' })).not.toHaveClass('tutor__open');
    } finally {
      bar.remove();
    }
  });

  it("puts its button in the page's place for it (the player's bar), which opens and closes the panel", async () => {
    const bar = document.createElement('div');
    document.body.append(bar);
    try {
      const { user } = renderWidget(bar);
      const open = within(bar).getByRole('button', { name: 'Ask the AI tutor' });
      // Not the floating button: nothing covers the player's Next button.
      expect(open).not.toHaveClass('tutor__open');
      await user.click(open);
      const panel = screen.getByRole('region', { name: 'AI tutor' });
      expect(bar).not.toContainElement(panel);
      expect(open).toHaveAttribute('aria-expanded', 'true');
      await user.click(within(panel).getByRole('textbox', { name: 'Your question' }));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('region', { name: 'AI tutor' })).not.toBeInTheDocument();
      expect(open).toHaveFocus();
    } finally {
      bar.remove();
    }
  });

  it('tells the page how far up the open panel reaches, and stops when it closes', async () => {
    const { user } = renderWidget();
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--tutor-cover')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Ask the AI tutor' }));
    const panel = screen.getByRole('region', { name: 'AI tutor' });
    // jsdom lays nothing out: the panel's top is at 0, so it covers the whole window.
    expect(root.style.getPropertyValue('--tutor-cover')).toBe(`${window.innerHeight}px`);
    const top = 500;
    panel.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 400, height: 200 });
    window.dispatchEvent(new Event('resize'));
    expect(root.style.getPropertyValue('--tutor-cover')).toBe(`${window.innerHeight - top}px`);
    await user.click(within(panel).getByRole('button', { name: 'Close the tutor' }));
    expect(root.style.getPropertyValue('--tutor-cover')).toBe('');
  });

  it('streams an answer with its sources and announces it once, complete', async () => {
    let asked: unknown;
    server.use(
      http.post('*/api/bff/tutor/answers', async ({ request }) => {
        asked = await request.json();
        return new HttpResponse(
          sse([
            ['citation', { source: 'About the course', passage: 'Phishing is a trick.' }],
            ['token', { text: 'According ' }],
            ['token', { text: 'to the course.' }],
            ['done', {}],
          ]),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }),
    );
    const { user } = renderWidget();
    const open = screen.getByRole('button', { name: 'Ask the AI tutor' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const panel = screen.getByRole('region', { name: 'AI tutor' });
    await waitFor(() => expect(panel).toHaveTextContent('Ask a question about Cybersecurity Program.'));
    expect(within(panel).getByRole('textbox', { name: 'Your question' })).toHaveAttribute('dir', 'auto');
    await user.type(within(panel).getByRole('textbox', { name: 'Your question' }), 'What is phishing?{Enter}');

    await waitFor(() => expect(panel).toHaveTextContent('According to the course.'));
    expect(asked).toEqual({ objectiveId: 'c1', question: 'What is phishing?' });
    expect(within(panel).getByRole('status')).toHaveTextContent('The tutor answered: According to the course.');
    expect(within(panel).getByText(/Phishing is a trick./)).toBeInTheDocument();
    // Each text takes its direction from itself, whatever the page's.
    expect(within(panel).getByText('What is phishing?')).toHaveAttribute('dir', 'auto');
    expect(within(panel).getByText('According to the course.')).toHaveAttribute('dir', 'auto');
  });

  it('says to try again later when the LMS did not answer, and asks again on retry', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/bff/tutor/answers', () => {
        calls += 1;
        if (calls === 1) {
          return HttpResponse.json(
            {
              error: 'upstream_timeout',
              title: 'Gateway Timeout',
              status: 504,
              detail: 'The learning platform did not answer in time.',
            },
            { status: 504 },
          );
        }
        return new HttpResponse(
          sse([
            ['token', { text: 'Fine now.' }],
            ['done', {}],
          ]),
          {
            headers: { 'Content-Type': 'text/event-stream' },
          },
        );
      }),
    );
    const { user } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Ask the AI tutor' }));
    const panel = screen.getByRole('region', { name: 'AI tutor' });
    await user.type(within(panel).getByRole('textbox', { name: 'Your question' }), 'Why?{Enter}');
    await waitFor(() =>
      expect(panel).toHaveTextContent(
        'The learning platform is not available right now. Please try again in a few minutes.',
      ),
    );
    await user.click(within(panel).getByRole('button', { name: 'Ask again' }));
    await waitFor(() => expect(panel).toHaveTextContent('Fine now.'));
    expect(calls).toBe(2);
  });

  it('refuses an empty question without calling the tutor and closes with Escape', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/bff/tutor/answers', () => {
        calls += 1;
        return new HttpResponse('', { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const { user } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Ask the AI tutor' }));
    const panel = screen.getByRole('region', { name: 'AI tutor' });
    await user.click(within(panel).getByRole('button', { name: 'Ask' }));
    expect(within(panel).getByText('Field is required')).toBeInTheDocument();
    expect(calls).toBe(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'AI tutor' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask the AI tutor' })).toHaveFocus();
  });

  it('keeps an unasked question for a new page, and forgets it once asked', async () => {
    let asked: unknown;
    server.use(
      http.post('*/api/bff/tutor/answers', async ({ request }) => {
        asked = await request.json();
        return new HttpResponse(sse([['done', {}]]), { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const first = renderWidget();
    await first.user.click(screen.getByRole('button', { name: 'Ask the AI tutor' }));
    await first.user.type(screen.getByRole('textbox', { name: /question/i }), 'What is phishing');
    cleanup();

    const again = renderWidget();
    await again.user.click(screen.getByRole('button', { name: 'Ask the AI tutor' }));
    const box = screen.getByRole('textbox', { name: /question/i });
    expect(box).toHaveValue('What is phishing');
    await again.user.type(box, '?{Enter}');
    await waitFor(() => expect(asked).toMatchObject({ question: 'What is phishing?' }));
    expect(box).toHaveValue('');
    expect(window.sessionStorage.length).toBe(0);
  });
});
