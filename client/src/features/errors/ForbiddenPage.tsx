// `/forbidden`: 403, also where users without learner access land; by the spec it has no
// primary button.
import { ErrorPage } from './ErrorPage';

export default function ForbiddenPage() {
  return <ErrorPage status={403} primaryButton={false} />;
}
