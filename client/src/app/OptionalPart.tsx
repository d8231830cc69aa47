// A part of the shell whose code comes in a chunk of its own and which a page can do without (a
// floating button, the breadcrumbs, a notice's dismiss button). When its chunk cannot be fetched
// (the network gone, a new deploy), `fallback` stays in its place (or `failure`, for a part the
// learner asked for); without this, the failure reached the signed-in layout's error element,
// and the error page replaced the whole shell for a missing feedback button. Any other error is
// thrown on, to the route's error page, as before.
//
// A part whose chunk failed is tried again (its chunk fetched again, see `lazyPart`) when a
// boundary is mounted (a dialog opened again, an activity visited again), when the browser comes
// back online and when `retryKey` changes (the learner asks for the part again), so it does not
// stay away until a reload. A boundary's own mount cannot loop: what its part throws stops at it.
//
// A class: React lets only a class component's `getDerivedStateFromError` catch what its
// children throw.
import { Component, Suspense, type ReactNode } from 'react';
import { retryFailedParts } from './lazyPart';
import { isChunkLoadError } from './RouteError';

interface Props {
  /** Shown while the chunk loads, and in its place when it cannot be fetched. */
  fallback?: ReactNode;
  /** Shown in its place when its chunk cannot be fetched, instead of `fallback`. */
  failure?: ReactNode;
  /** A change tries a failed part again (the learner opened it again, say). */
  retryKey?: unknown;
  children: ReactNode;
}

export class OptionalPart extends Component<Props, { failed: Error | null }> {
  override state: { failed: Error | null } = { failed: null };

  constructor(props: Props) {
    super(props);
    retryFailedParts();
  }

  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error : new Error(String(error)) };
  }

  private readonly retry = () => {
    if (!this.state.failed) return;
    retryFailedParts();
    this.setState({ failed: null });
  };

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.retryKey !== this.props.retryKey) this.retry();
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  override render() {
    const fallback = this.props.fallback ?? null;
    const { failed } = this.state;
    if (failed) {
      if (!isChunkLoadError(failed)) throw failed;
      return this.props.failure ?? fallback;
    }
    return <Suspense fallback={fallback}>{this.props.children}</Suspense>;
  }
}
