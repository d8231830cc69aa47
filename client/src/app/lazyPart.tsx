// A lazy part of the shell (a widget, the breadcrumbs, a notice's button) whose chunk can be
// fetched again after it failed. React.lazy keeps a rejected import for the component's lifetime,
// which for a component made at a module's top is the page's: a part whose chunk could not be
// fetched once, offline, stayed away until a reload. Each part made here records its failure;
// `retryFailedParts` (called by `OptionalPart` when a boundary is mounted, when the browser is
// back online, or when the part is asked for again) gives each failed part a fresh React.lazy,
// which fetches the chunk again on its next render (webpack forgets a chunk that failed). Parts
// that loaded are left as they are.
import { lazy, type ComponentProps, type ComponentType } from 'react';

/** How each part whose chunk failed is given a fresh import. */
const failed = new Set<() => void>();

/** Lets every part whose chunk failed fetch it again on its next render. */
export function retryFailedParts() {
  const forgotten = [...failed];
  failed.clear();
  for (const forget of forgotten) forget();
}

/** A component whose code is the default export of `load`'s chunk, fetched again after a failure
 *  once `retryFailedParts` runs. Typed as React.lazy is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy's own type
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed.add(forget);
        throw error;
      }),
    );
  let current = make();
  function forget() {
    current = make();
  }
  return function LazyPart(props: ComponentProps<T>) {
    const Loaded = current;
    return <Loaded {...props} />;
  };
}
