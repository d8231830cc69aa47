// Public certificate (/certificate/{certificateNumber}, the certificate share link): the
// certificate for anyone with the link, with a not-found fallback for an unknown number.
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useUiConfigContext } from '../../app/context';
import { ApiError } from '../../api/http';
import { usePublicCertificate } from '../../api/hooks';
import { CertificateDocument } from '../../ui/CertificateDocument';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { useRefreshAt } from '../../ui/useRefreshAt';
import { gatewayPdfUrl } from '../certificate/pdfLink';
import { publicCertificateMessages as m } from './publicPageMessages';
import '../certificate/certificate.css';
import './public-pages.css';

export default function PublicCertificatePage() {
  const intl = useIntl();
  const config = useUiConfigContext();
  const { certificateNumber = '' } = useParams();
  const { data, error, isLoading, mutate } = usePublicCertificate(certificateNumber);
  useRefreshAt(data?.refreshAt, mutate);

  if (error && !data) {
    const notFound = error instanceof ApiError && [400, 404].includes(error.status);
    return (
      <section className="page certificate-page public-page">
        {notFound ? (
          <div className="public-missing">
            <span className="public-missing__icon" aria-hidden="true">
              ?
            </span>
            <PageHeading>{intl.formatMessage(m.notFoundTitle)}</PageHeading>
            <p>{intl.formatMessage(m.notFoundText, { number: certificateNumber })}</p>
          </div>
        ) : (
          <ErrorState
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
  return (
    <article className="page certificate-page public-page">
      <header className="certificate-page__header">
        <p className="certificate-page__eyebrow">{intl.formatMessage(m.eyebrow)}</p>
        <PageHeading title={data.courseName ?? intl.formatMessage(m.heading, { number: data.certificateNumber })}>
          {data.courseName ? (
            <bdi>{data.courseName}</bdi>
          ) : (
            intl.formatMessage(m.heading, { number: data.certificateNumber })
          )}
        </PageHeading>
        <p className="public-certificate__issuer">{intl.formatMessage(m.issuedBy, { product: config.productName })}</p>
      </header>
      {data.expired && (
        <p className="certificate-page__expired" role="note">
          {intl.formatMessage(m.expiredNotice)}
        </p>
      )}
      <div className="certificate-page__layout">
        <CertificateDocument
          templateName={data.templateName}
          holderName={data.holderName}
          courseName={data.courseName}
          certificateNumber={data.certificateNumber}
          issuedAt={data.issuedAt}
          expiresAt={data.expiresAt}
          expired={data.expired}
        />
        <div className="certificate-page__side">
          <div className="certificate-page__actions">
            {pdf && (
              <a className="button button--primary" href={pdf} download>
                <svg
                  viewBox="0 0 20 20"
                  width="18"
                  height="18"
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {intl.formatMessage(m.download)}
              </a>
            )}
            <CopyLinkButton
              href={data.shareUrl}
              label={intl.formatMessage(m.share)}
              copiedLabel={intl.formatMessage(m.shareCopied)}
              copiedToast={intl.formatMessage(m.copied)}
              failedToast={intl.formatMessage(m.copyFailed)}
            />
          </div>
        </div>
      </div>
    </article>
  );
}
