// `/login-callback?redirectUrl=`: after signing in, go to `redirectUrl` only through the
// same-host rule (spec section 5); otherwise to the client home.
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../ui/LoadingState';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { acceptedRedirect } from './redirectRule';

export default function LoginCallbackPage() {
  const [params] = useSearchParams();
  const target = acceptedRedirect(params.get('redirectUrl'), window.location.host);
  useDocumentTitle(undefined);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (!target) return <Navigate to="/" replace />;
  return <LoadingState fullPage />;
}
