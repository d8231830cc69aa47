// The pieces the proctored-activity page and the attempt page share: the link back to the
// course content and the page shown when the view failed to load.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeading } from '../../../ui/PageHeading';
import { ltiMessages } from './messages';

export function BackToContent({ objectiveId }: { objectiveId: string }) {
  return (
    <Link className="lti-page__back" to={`/courses/${encodeURIComponent(objectiveId)}/view/content`}>
      <FormattedMessage {...ltiMessages.backToContent} />
    </Link>
  );
}

export function LtiPageFailed({ back, title, onRetry }: { back: ReactNode; title: string; onRetry: () => void }) {
  return (
    <div className="lti-page">
      {back}
      <PageHeading>{title}</PageHeading>
      <ErrorState
        title={<FormattedMessage {...ltiMessages.loadFailed} />}
        description={<FormattedMessage {...ltiMessages.loadFailedText} />}
        onRetry={onRetry}
      />
    </div>
  );
}
