import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRichContent } from './testing';

describe('collapsible toggles', () => {
  it('turn details and summary into a disclosure', async () => {
    const { user } = renderRichContent('<details><summary>What to bring</summary><p>Comfortable shoes.</p></details>');
    const trigger = screen.getByRole('button', { name: 'What to bring' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Comfortable shoes.')).not.toBeVisible();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Comfortable shoes.')).toBeVisible();
    expect(document.querySelector('details')).toBeNull();
  });

  it('keep details that start open, open', () => {
    renderRichContent('<details open><summary>Open one</summary><p>Shown.</p></details>');
    expect(screen.getByRole('button', { name: 'Open one' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('turn elements the LMS marks as toggles into disclosures', async () => {
    const { user } = renderRichContent(
      '<div class="toggle"><p class="toggle-title">Who is my warden?</p><div class="toggle-content"><p>See the contacts.</p></div></div>' +
        '<div data-toggle><strong>Second</strong><p>Body two.</p></div>',
    );
    const first = screen.getByRole('button', { name: 'Who is my warden?' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('See the contacts.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Second' })).toHaveAttribute('aria-expanded', 'false');
  });
});
