import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../../test/server';
import { FeedbackButton, FeedbackDialog } from './FeedbackWidget';

/** The button and the form, as the shell joins them. */
function Widget({ maxComment }: { maxComment: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <FeedbackButton onPress={() => setOpen(true)} />
      <FeedbackDialog maxComment={maxComment} isOpen={open} onOpenChange={setOpen} />
    </>
  );
}

function renderWidget(maxComment = 20) {
  const user = userEvent.setup({ delay: null });
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <Widget maxComment={maxComment} />
    </IntlProvider>,
  );
  return user;
}

describe('FeedbackWidget', () => {
  it('sends the rating, topics and comment as product_feedback and thanks the learner', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/events', async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const user = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Navigation' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Accessibility' }));
    // What is typed takes its own direction, whatever the page's.
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' })).toHaveAttribute('dir', 'auto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), ' Nice ');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));

    expect(await within(dialog).findByRole('heading', { name: 'Thank you for your feedback!' })).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'product_feedback', grade: 4, details: ['navigation', 'accessibility'], comment: 'Nice' },
    ]);
  });

  it('keeps "No, everything went fine" apart from the difficulties', async () => {
    const user = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog');
    const box = (name: string) => within(dialog).getByRole('checkbox', { name });
    await user.click(box('Navigation'));
    await user.click(box('Reports'));
    await user.click(box('No, everything went fine'));
    expect(box('No, everything went fine')).toBeChecked();
    expect(box('Navigation')).not.toBeChecked();
    expect(box('Reports')).not.toBeChecked();
    await user.click(box('Accessibility'));
    expect(box('Accessibility')).toBeChecked();
    expect(box('No, everything went fine')).not.toBeChecked();
    // Unticking a difficulty leaves the others as they are.
    await user.click(box('Navigation'));
    await user.click(box('Accessibility'));
    expect(box('Navigation')).toBeChecked();
    expect(box('Accessibility')).not.toBeChecked();
  });

  it('offers all 13 topics and requires a rating before sending', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/events', () => {
        calls += 1;
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const user = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(13);
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByText('Field is required')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('refuses a comment over the limit and says so, and shows a failure to send', async () => {
    server.use(
      http.post('*/api/events', () => HttpResponse.json({ error: 'x', title: 'x', status: 500 }, { status: 500 })),
    );
    const user = renderWidget(5);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'too long text');
    expect(within(dialog).getByText('Maximum length is 5')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('could not be sent'));
  });

  it('closes on Cancel and gives the focus back to its button', async () => {
    const user = renderWidget();
    const button = screen.getByRole('button', { name: 'Feedback' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('keeps what was chosen and typed when closed otherwise than by Cancel or sending, and Cancel forgets it', async () => {
    const user = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reports' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'The export');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    cleanup();

    // A new page (the browser went to sign in again and came back): the form is as it was left.
    const again = renderWidget();
    await again.click(screen.getByRole('button', { name: 'Feedback' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Reports' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('The export');

    await again.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await again.click(screen.getByRole('button', { name: 'Feedback' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: '3 stars' })).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('');
  });

  it('forgets the form once it was sent', async () => {
    server.use(http.post('*/api/events', () => new HttpResponse(null, { status: 202 })));
    const user = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByRole('heading', { name: 'Thank you for your feedback!' })).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
  });
});
