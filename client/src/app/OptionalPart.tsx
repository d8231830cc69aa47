// A part of the shell whose code comes in a chunk of its own and which a page can do without (a
// floating button, the breadcrumbs, a notice's dismiss button). When its chunk cannot be fetched
// (the network gone, a new deploy), `fallback` stays in its place; without this, the failure
// reached the signed-in layout's error element, and the error page replaced the whole shell for
// a missing feedback button. Any other error is thrown on, to the route's error page, as before.
// A class: React lets only a class component's `getDerivedStateFromError` catch what its
// children throw.
import { Component, Suspense, type ReactNode } from 'react';
import { isChunkLoadError } from './RouteError';

interface Props {
  /** Shown while the chunk loads, and in its place when it cannot be fetched. */
  fallback?: ReactNode;
  children: ReactNode;
}

export class OptionalPart extends Component<Props, { failed: Error | null }> {
  override state: { failed: Error | null } = { failed: null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const fallback = this.props.fallback ?? null;
    const { failed } = this.state;
    if (failed) {
      if (!isChunkLoadError(failed)) throw failed;
      return fallback;
    }
    return <Suspense fallback={fallback}>{this.props.children}</Suspense>;
  }
}
