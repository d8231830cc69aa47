// The error element of every route: a failed chunk, a failed load or a render crash shows the
// error page (spec section 8), never a blank one. The stack shows only in development builds.
import { useIntl } from 'react-intl';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { useAppContextOptional } from './context';
import { appMessages } from './messages';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** A lazy route module whose chunk could not be fetched (new deploy, network gone). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk|dynamically imported module/i.test(error.message))
  );
}

export function RouteError() {
  const intl = useIntl();
  const error = useRouteError();
  const app = useAppContextOptional();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk = isChunkLoadError(error);
  const title = intl.formatMessage(notFound ? appMessages.errorNotFound : appMessages.error500);
  useDocumentTitle(title);
  const learnerOnly = app ? app.session.roles.every((role) => role === 'Learner') : true;
  const showStack = process.env.NODE_ENV === 'development' && error instanceof Error;
  return (
    <main id="main" className="error-page" tabIndex={-1}>
      <h1 className="page-heading">{title}</h1>
      <p>{intl.formatMessage(chunk ? appMessages.errorChunk : appMessages.errorHint)}</p>
      <div className="error-page__actions">
        {chunk ? (
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {intl.formatMessage(appMessages.reload)}
          </button>
        ) : learnerOnly || !app ? (
          <Link className="button button--primary" to="/courses" reloadDocument>
            {intl.formatMessage(appMessages.toMyCourses)}
          </Link>
        ) : (
          <a className="button button--primary" href="/">
            {intl.formatMessage(appMessages.toContentLibrary)}
          </a>
        )}
      </div>
      {showStack && <pre className="error-page__stack">{(error as Error).stack}</pre>}
    </main>
  );
}
