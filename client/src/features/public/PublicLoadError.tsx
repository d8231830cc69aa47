// What a public page shows when its view did not load: 'not found' for an unknown link, else
// the load failure with a retry.
import { ErrorState } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';

interface Props {
  /** The gateway answered that nothing is behind the link (rather than failing). */
  notFound: boolean;
  notFoundTitle: string;
  notFoundText: string;
  /** The question-mark badge above the not-found heading. */
  withIcon?: boolean;
  loadFailed: string;
  loadFailedHint: string;
  onRetry: () => void;
}

export function PublicLoadError({
  notFound,
  notFoundTitle,
  notFoundText,
  withIcon,
  loadFailed,
  loadFailedHint,
  onRetry,
}: Props) {
  if (!notFound) return <ErrorState page title={loadFailed} description={loadFailedHint} onRetry={onRetry} />;
  return (
    <div className="public-missing">
      {withIcon && (
        <span className="public-missing__icon" aria-hidden="true">
          ?
        </span>
      )}
      <PageHeading>{notFoundTitle}</PageHeading>
      <p>{notFoundText}</p>
    </div>
  );
}
