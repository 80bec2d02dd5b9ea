import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../core/routes.ts';
import { useProductName } from './use-product-name.ts';
import { useRouteMatch } from './use-route-match.ts';

/** Keeps the document title as "<page title> | <product name>" for the current route. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const match = useRouteMatch();
  const productName = useProductName();
  const page = match ? t(routes[match.key].titleKey) : t('shell.notFound.title');
  useEffect(() => {
    document.title = `${page} | ${productName}`;
  }, [page, productName]);
  return null;
}
