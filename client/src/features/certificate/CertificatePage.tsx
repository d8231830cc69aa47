// Certificate preview (/courses/{objectiveId}/certificate/{certificateNumber}): the learner's
// own certificate as a document, with its download (through the gateway) and the public link.
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useCertificatePreview } from '../../api/hooks';
import { CertificateDocument } from '../../ui/CertificateDocument';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { useRefreshAt } from '../../ui/useRefreshAt';
import { CertificateActions, CertificateHeader } from './CertificateParts';
import { formatDay, formatPercent, formatPoints } from '../course-details/score';
import { certificateMessages as m } from './messages';
import { gatewayPdfUrl } from './pdfLink';
import './certificate.css';

export default function CertificatePage() {
  const intl = useIntl();
  const { objectiveId = '', certificateNumber = '' } = useParams();
  const { data, error, isLoading, mutate } = useCertificatePreview(certificateNumber);
  useRefreshAt(data?.refreshAt, mutate);
  if (error && !data) {
    const notFound = error instanceof ApiError && [400, 403, 404].includes(error.status);
    return (
      <section className="page certificate-page">
        {notFound ? (
          <div className="certificate-page__missing">
            <PageHeading>{intl.formatMessage(m.notFoundTitle)}</PageHeading>
            <p>{intl.formatMessage(m.notFoundText, { number: certificateNumber })}</p>
            <Link to={`/courses/${encodeURIComponent(objectiveId)}`} className="button button--primary">
              {intl.formatMessage(m.backToCourse)}
            </Link>
          </div>
        ) : (
          <ErrorState
            page
            title={intl.formatMessage(m.loadFailed)}
            description={intl.formatMessage(m.loadFailedHint)}
            onRetry={() => void mutate()}
          />
        )}
      </section>
    );
  }
  if (isLoading || !data) return <PageSkeleton />;

  const pdf = gatewayPdfUrl(data.pdfUrl, data.certificateNumber);
  const points = data.score ? formatPoints(intl, data.score) : undefined;
  const expiredOn = formatDay(intl, data.expiresAt);
  return (
    <article className="page certificate-page">
      <CertificateHeader
        eyebrow={intl.formatMessage(m.eyebrow)}
        courseName={data.courseName}
        fallbackHeading={intl.formatMessage(m.fallbackHeading, { number: data.certificateNumber })}
      />
      {data.expired && (
        <p className="certificate-page__expired" role="note">
          {expiredOn
            ? intl.formatMessage(m.expiredNotice, { date: expiredOn })
            : intl.formatMessage(m.expiredNoticeNoDate)}
        </p>
      )}
      <div className="certificate-page__layout">
        <CertificateDocument
          templateName={data.templateName}
          holderName={data.studentName}
          courseName={data.courseName}
          courseCode={data.courseCode}
          certificateNumber={data.certificateNumber}
          issuedAt={data.issuedAt}
          expiresAt={data.expiresAt}
          expired={data.expired}
          grade={data.grade}
          score={
            data.score ? (
              <span className={`score--${data.score.color}`}>
                <bdi>{formatPercent(intl, data.score)}</bdi>
                {points && <span className="score__points"> · {points}</span>}
              </span>
            ) : undefined
          }
        />
        <div className="certificate-page__side">
          <CertificateActions
            pdf={pdf}
            downloadLabel={intl.formatMessage(m.download)}
            downloadClassName="certificate-page__download"
            share={{
              href: data.sharePath,
              label: intl.formatMessage(m.share),
              copiedLabel: intl.formatMessage(m.shareCopied),
              copiedToast: intl.formatMessage(m.copied),
              failedToast: intl.formatMessage(m.copyFailed),
            }}
          />
          {data.description && (
            <section className="certificate-page__description" aria-labelledby="certificate-description">
              <h2 id="certificate-description">{intl.formatMessage(m.descriptionHeading)}</h2>
              <p>
                <bdi>{data.description}</bdi>
              </p>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}
