// The catch-all route and routes of features the tenant turned off: 404.
import { ErrorPage } from './ErrorPage';

export default function NotFoundPage() {
  return <ErrorPage status={404} />;
}
