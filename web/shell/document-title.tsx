import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '../../core/navigation/breadcrumbs.ts';
import { routes } from '../../core/routes.ts';
import { useProductName } from '../features/auth/index.ts';
import { useRouteMatch } from '../platform/use-route-match.ts';

/** Keeps the document title as the page title plus the original title (docs/navigation.md#navigation-drawer) for the current route. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const match = useRouteMatch();
  const productName = useProductName();
  const page = match ? t(routes[match.key].titleKey) : t('shell.notFound.title');
  useEffect(() => {
    document.title = documentTitle(page, productName);
  }, [page, productName]);
  return null;
}
