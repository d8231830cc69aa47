import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useLazyControl, type Handover } from './lazyControl';

/** The control a chunk would bring: a button that shows what the stand-in handed over. */
function Real({ handover }: { handover: Handover }) {
  return (
    <button
      type="button"
      ref={(button) => {
        if (handover.focus) button?.focus();
      }}
      data-open={handover.open}
    >
      Real
    </button>
  );
}

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: () => void = () => undefined;
  const promise = new Promise<{ default: typeof Real }>((res, rej) => {
    resolve = () => res({ default: Real });
    reject = () => rej(new Error('ChunkLoadError'));
  });
  return { promise, resolve, reject };
}

function Harness({ load }: { load: () => Promise<{ default: typeof Real }> }) {
  const { Control, handover, standIn } = useLazyControl<object>(load);
  return Control ? (
    <Control handover={handover} />
  ) : (
    <button type="button" {...standIn}>
      Stand-in
    </button>
  );
}

describe('a lazy header control', () => {
  it('fetches its code once the browser is idle and takes the stand-in’s place', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Real }));
    render(<Harness load={load} />);
    expect(screen.getByRole('button', { name: 'Stand-in' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Real' })).toHaveAttribute('data-open', 'false');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens and takes focus when the stand-in was pressed before the code arrived', async () => {
    const user = userEvent.setup();
    const chunk = deferred();
    render(<Harness load={() => chunk.promise} />);
    await user.click(screen.getByRole('button', { name: 'Stand-in' }));
    expect(screen.queryByRole('button', { name: 'Real' })).toBeNull();
    chunk.resolve();
    const real = await screen.findByRole('button', { name: 'Real' });
    expect(real).toHaveAttribute('data-open', 'true');
    expect(real).toHaveFocus();
  });

  it('takes the stand-in’s focus without opening', async () => {
    const user = userEvent.setup();
    const chunk = deferred();
    render(<Harness load={() => chunk.promise} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stand-in' })).toHaveFocus();
    chunk.resolve();
    const real = await screen.findByRole('button', { name: 'Real' });
    expect(real).toHaveFocus();
    expect(real).toHaveAttribute('data-open', 'false');
  });

  it('keeps the stand-in when the code cannot be fetched, and tries again on the next press', async () => {
    const first = deferred();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue({ default: Real });
    render(<Harness load={load} />);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    first.reject();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByRole('button', { name: 'Stand-in' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stand-in' }));
    expect(await screen.findByRole('button', { name: 'Real' })).toHaveAttribute('data-open', 'true');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
