// `/platform`: where users with only research or knowledge-model features land (spec section 6),
// with links to the platform pages the session view allows them.
import { useIntl } from 'react-intl';
import { useAppContext } from '../../app/context';
import { PageHeading } from '../../ui/PageHeading';
import { FlaskMark } from './marks';
import { errorMessages as m } from './messages';
import './errors.css';

export default function PlatformPage() {
  const intl = useIntl();
  const { session } = useAppContext();
  const nav = session.navigation ?? {};
  return (
    <section className="error-view">
      <div className="error-view__art" aria-hidden="true">
        <FlaskMark />
      </div>
      <PageHeading>{intl.formatMessage(m.platformTitle)}</PageHeading>
      <p className="error-view__text">{intl.formatMessage(m.platformText)}</p>
      {(nav.researchProjectsUrl || nav.knowledgeModelsUrl) && (
        <div className="error-view__actions">
          {nav.researchProjectsUrl && (
            <a className="button button--primary" href={nav.researchProjectsUrl}>
              {intl.formatMessage(m.openResearch)}
            </a>
          )}
          {nav.knowledgeModelsUrl && (
            <a className="button button--secondary" href={nav.knowledgeModelsUrl}>
              {intl.formatMessage(m.openKnowledgeModels)}
            </a>
          )}
        </div>
      )}
    </section>
  );
}
