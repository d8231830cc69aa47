import { useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { ProductNameContext } from '../app/context';
import { uiMessages } from './messages';

/** Sets the tab title to 'page | Product name', falling back to 'Learner portal'. */
export function useDocumentTitle(page: string | undefined): void {
  const intl = useIntl();
  const product = useContext(ProductNameContext);
  useEffect(() => {
    const name = product || intl.formatMessage(uiMessages.defaultTitle);
    document.title = page ? intl.formatMessage(uiMessages.documentTitle, { page, product: name }) : name;
  }, [intl, page, product]);
}
