import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
