// The page footer: product name, the tenant's privacy link when configured, and the version.
import { useIntl } from 'react-intl';
import type { UiConfig } from '../api/contracts/bff';
import { appMessages } from './messages';

export function ShellFooter({ config }: { config: UiConfig }) {
  const intl = useIntl();
  return (
    <footer className="app-footer" aria-label={intl.formatMessage(appMessages.footerLabel)}>
      <span>© {config.productName}</span>
      {config.privacyPolicyUrl && (
        <a href={config.privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
          {intl.formatMessage(appMessages.privacyPolicy)}
        </a>
      )}
      <span className="app-footer__version">
        {intl.formatMessage(appMessages.version, { version: config.version })}
      </span>
    </footer>
  );
}
