// The error element of every route: a failed chunk, a failed load or a render crash shows the
// error page (spec section 8), never a blank one. A crash is the 500 page; the stack shows only
// in development builds.
import { useIntl } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/http';
import { ErrorPage, type ErrorStatus } from '../features/errors/ErrorPage';
import { errorMessages } from '../features/errors/messages';

/** A lazy route module whose chunk could not be fetched (new deploy, network gone). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk|dynamically imported module/i.test(error.message))
  );
}

/** The error page status for what a route threw. */
export function errorStatus(error: unknown): ErrorStatus {
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiError ? error.status : 500;
  return status === 401 || status === 403 || status === 404 || status === 501 ? status : 500;
}

export function RouteError() {
  const intl = useIntl();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const showStack = process.env.NODE_ENV === 'development' && error instanceof Error;
  return (
    <ErrorPage
      status={chunk ? 500 : errorStatus(error)}
      text={chunk ? errorMessages.textChunk : undefined}
      action={
        chunk ? (
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {intl.formatMessage(errorMessages.reload)}
          </button>
        ) : undefined
      }
      details={
        showStack ? (
          <details className="error-view__stack">
            <summary>{intl.formatMessage(errorMessages.details)}</summary>
            <pre>{error.stack}</pre>
          </details>
        ) : undefined
      }
    />
  );
}
