// The page footer: product name, the tenant's privacy link when configured, what the page
// adds (the signed-in shell: the feedback button on narrow screens), and the version.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { UiConfig } from '../api/contracts/bff';
import { appMessages } from './messages';

export function ShellFooter({ config, children }: { config: UiConfig; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <footer className="app-footer" aria-label={intl.formatMessage(appMessages.footerLabel)}>
      <span>© {config.productName}</span>
      {config.privacyPolicyUrl && (
        <a href={config.privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
          {intl.formatMessage(appMessages.privacyPolicy)}
        </a>
      )}
      {children}
      <span className="app-footer__version">
        {intl.formatMessage(appMessages.version, { version: config.version })}
      </span>
    </footer>
  );
}
