// Public course page (/open-catalog/{objectiveId}[/view/details], the course share link): the
// course for visitors without a session, with a call to sign in and add it; a visitor already
// signed in to the portal (the view's `openLink`) is sent to the course there instead.
import { useIntl } from 'react-intl';
import { Link, useHref, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { usePublicCourse } from '../../api/hooks';
import { CollapsibleText } from '../../ui/CollapsibleText';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { PageHeading } from '../../ui/PageHeading';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { BookIcon } from '../course-card/icons';
import { AboutSection } from '../course-details/AboutSection';
import { PublicLoadError } from './PublicLoadError';
import { publicCourseMessages as m } from './publicPageMessages';
import '../../ui/pill.css';
import '../course-details/course-details.css';
import './public-pages.css';

export default function PublicCoursePage() {
  const intl = useIntl();
  const { objectiveId = '' } = useParams();
  const { data, error, isLoading, mutate } = usePublicCourse(objectiveId);
  const shareLink = useHref(`/open-catalog/${encodeURIComponent(objectiveId)}/view/details`);
  const back = (
    <Link to="/open-catalog" className="public-back">
      <span aria-hidden="true" className="public-back__arrow">
        ←
      </span>
      {intl.formatMessage(m.backToCatalog)}
    </Link>
  );

  if (error && !data) {
    const notFound = error instanceof ApiError && [400, 404].includes(error.status);
    return (
      <section className="page public-page">
        {back}
        <PublicLoadError
          notFound={notFound}
          notFoundTitle={intl.formatMessage(m.notFoundTitle)}
          notFoundText={intl.formatMessage(m.notFoundText)}
          loadFailed={intl.formatMessage(m.loadFailed)}
          loadFailedHint={intl.formatMessage(m.loadFailedHint)}
          onRetry={() => void mutate()}
        />
      </section>
    );
  }
  if (isLoading || !data) return <PageSkeleton />;

  const primaryAction = data.openLink ? (
    <Link className="button button--primary" to={data.openLink}>
      {intl.formatMessage(m.openCourse)}
    </Link>
  ) : (
    <a className="button button--primary" href={data.loginUrl}>
      {intl.formatMessage(m.signIn)}
    </a>
  );

  return (
    <article className="page public-page course-details">
      {back}
      <header className="details-hero">
        <div
          className={`details-cover${data.imageUrl ? '' : ' details-cover--plain'}`}
          style={data.imageUrl ? undefined : { backgroundColor: data.color }}
        >
          {data.imageUrl ? (
            <img src={data.imageUrl} alt="" />
          ) : (
            <span className="details-cover__icon">
              <BookIcon size={64} />
            </span>
          )}
          {data.isDraft && (
            <div className="details-cover__result">
              <span className="pill pill--neutral">{intl.formatMessage(m.comingSoon)}</span>
            </div>
          )}
        </div>
        <div className="details-hero__text">
          {data.collections.length > 0 && (
            <ul className="course-chips" aria-label={intl.formatMessage(m.collections)}>
              {data.collections.map((chip) => (
                <li key={chip.id} className="course-chip">
                  {chip.uncategorized || !chip.name ? intl.formatMessage(m.uncategorized) : <bdi>{chip.name}</bdi>}
                </li>
              ))}
            </ul>
          )}
          <PageHeading title={data.name}>
            <bdi>{data.name}</bdi>
          </PageHeading>
          {(data.code || data.durationMinutes != null) && (
            <p className="details-hero__code">
              {data.code && intl.formatMessage(m.code, { code: <bdi key="code">{data.code}</bdi> })}
              {data.code && data.durationMinutes != null && ' · '}
              {data.durationMinutes != null && intl.formatMessage(m.duration, { minutes: data.durationMinutes })}
            </p>
          )}
          {data.description && <CollapsibleText text={data.description} className="details-hero__description" />}
          <div className="details-actions">
            {primaryAction}
            <CopyLinkButton
              href={shareLink}
              label={intl.formatMessage(m.share)}
              copiedLabel={intl.formatMessage(m.shareCopied)}
              copiedToast={intl.formatMessage(m.shareToast)}
              failedToast={intl.formatMessage(m.shareFailed)}
            />
          </div>
        </div>
      </header>
      <div className="details-columns">
        <div className="details-main">
          {data.about && (
            <AboutSection
              headingId="public-about-heading"
              heading={intl.formatMessage(m.aboutHeading)}
              html={data.about}
            />
          )}
        </div>
        <aside className="details-aside">
          <section className="details-panel public-cta" aria-labelledby="public-cta-heading">
            <h2 id="public-cta-heading" className="details-section__heading">
              {intl.formatMessage(m.ctaTitle)}
            </h2>
            <p>{intl.formatMessage(data.openLink ? m.ctaSignedInText : m.ctaText)}</p>
            {primaryAction}
          </section>
        </aside>
      </div>
    </article>
  );
}
