import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazyPart';
import { OptionalPart } from './OptionalPart';

/** A component whose chunk fails to load as webpack's does (the network gone). */
const Unfetchable = lazy(() =>
  Promise.reject(Object.assign(new Error('Loading chunk feedback failed.'), { name: 'ChunkLoadError' })),
);

function Crashing(): never {
  throw new Error('a bug');
}

describe('OptionalPart', () => {
  // React logs the errors its boundaries catch.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('keeps its fallback in place of a part whose chunk cannot be fetched, and the page around it', async () => {
    render(
      <main>
        <h1>My courses</h1>
        <OptionalPart fallback={<span>no button</span>}>
          <Unfetchable />
        </OptionalPart>
      </main>,
    );
    expect(await screen.findByText('no button')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My courses' })).toBeInTheDocument();
  });

  it('shows the part once its chunk is there', async () => {
    const Button = lazy(() => Promise.resolve({ default: () => <button type="button">Feedback</button> }));
    render(
      <OptionalPart>
        <Button />
      </OptionalPart>,
    );
    expect(await screen.findByRole('button', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('throws any other error on, to the error element above it', () => {
    expect(() =>
      render(
        <OptionalPart>
          <Crashing />
        </OptionalPart>,
      ),
    ).toThrow('a bug');
  });

  /** A part whose chunk cannot be fetched until `reachable` says so. */
  function partBehindNetwork() {
    const network = { reachable: false };
    const load = vi.fn(() =>
      network.reachable
        ? Promise.resolve({ default: () => <button type="button">Ask the tutor</button> })
        : Promise.reject(Object.assign(new Error('Loading chunk tutor failed.'), { name: 'ChunkLoadError' })),
    );
    return { network, load, Part: lazyPart(load) };
  }

  it('fetches a failed chunk again when the browser is back online', async () => {
    const { network, load, Part } = partBehindNetwork();
    render(
      <OptionalPart fallback={<span>no button</span>}>
        <Part />
      </OptionalPart>,
    );
    expect(await screen.findByText('no button')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    network.reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: 'Ask the tutor' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows `failure` for a part that cannot be fetched, and fetches it again when asked for again', async () => {
    const { network, Part } = partBehindNetwork();
    const page = (asked: number) => (
      <OptionalPart retryKey={asked} failure={<p role="alert">could not load</p>}>
        <Part />
      </OptionalPart>
    );
    const { rerender } = render(page(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not load');

    // Asked for again while still unreachable: fetched again, and the failure shown again.
    rerender(page(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not load');

    network.reachable = true;
    rerender(page(3));
    expect(await screen.findByRole('button', { name: 'Ask the tutor' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fetches a failed chunk again in a boundary mounted later (a dialog opened again)', async () => {
    const { network, load, Part } = partBehindNetwork();
    const { unmount } = render(
      <OptionalPart failure={<p role="alert">could not load</p>}>
        <Part />
      </OptionalPart>,
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    unmount();

    network.reachable = true;
    render(
      <OptionalPart failure={<p role="alert">could not load</p>}>
        <Part />
      </OptionalPart>,
    );
    expect(await screen.findByRole('button', { name: 'Ask the tutor' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
