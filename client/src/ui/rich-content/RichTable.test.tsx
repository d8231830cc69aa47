import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRichContent } from './testing';

const HTML = `<table><caption>Weekly plan</caption><thead><tr><th>Week</th><th>Topic</th></tr></thead>
<tbody><tr><td>1</td><td>Hazards</td></tr></tbody></table>
<table><tr><td>no caption</td></tr></table>`;

describe('table full-screen toggle', () => {
  it('puts each table in a named, keyboard-scrollable region with its own full-screen button', () => {
    renderRichContent(HTML);
    expect(screen.getByRole('region', { name: 'Table: Weekly plan' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('region', { name: 'Table: Table' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Open table in full screen' })).toHaveLength(2);
  });

  it('opens the table in a full-screen dialog and closes it again', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getAllByRole('button', { name: 'Open table in full screen' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Weekly plan (full screen)' });
    expect(within(dialog).getByRole('table', { name: 'Weekly plan' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'Hazards' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape', async () => {
    const { user } = renderRichContent(HTML);
    await user.click(screen.getAllByRole('button', { name: 'Open table in full screen' })[1]!);
    expect(screen.getByRole('dialog', { name: 'Table (full screen)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
