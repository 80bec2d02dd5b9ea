import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { matchRoute, routes } from '../../core/routes.ts';
import { type Me, useMe } from '../features/auth/index.ts';
import { NotFoundPage, usePageObjects } from '../features/navigation/index.ts';
import { isApiError } from '../platform/api-error.ts';
import { setLocale, userLocale } from '../platform/i18n.ts';
import { BannerArea } from '../platform/messages/banner-host.tsx';
import { PageLoader } from '../platform/page-loader.tsx';
import { AppDrawer } from './app-drawer.tsx';
import { breadcrumbInput } from './breadcrumbs/breadcrumb-input.ts';
import { PageBreadcrumbs } from './breadcrumbs/page-breadcrumbs.tsx';
import { useDrawerState } from './drawer/use-drawer-state.ts';
import { usePageNavigation } from './drawer/use-nav-context.ts';
import { CloudNotices } from './notices/cloud-notices.tsx';
import { TopBar } from './top-bar.tsx';
import { useCurrentCloud } from './use-current-cloud.ts';
import { useLiveUpdates } from './use-live-updates.ts';

const MAIN_ID = 'main-content';

function SignedInFrame({ me }: { readonly me: Me }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Site, device and smart NVR addresses carry no cloud id: the page's objects name their cloud.
  const objects = usePageObjects(pathname);
  const { cloudId, membership } = useCurrentCloud(me, objects.cloudId);
  const navigation = usePageNavigation(me, pathname, cloudId, membership, objects);
  const drawer = useDrawerState();
  useLiveUpdates(cloudId);
  const preferred = userLocale(me.user.preferred_language);

  useEffect(() => {
    // A language file that fails to load leaves the console in English rather than breaking it.
    setLocale(preferred).catch(() => undefined);
  }, [preferred]);

  // Ids that are not positive integers match a route pattern but no page; nor does a hidden or deleted object.
  const match = matchRoute(pathname);
  const missing = isApiError(objects.error) && objects.error.status === 404;
  const found = match !== null && !missing;
  let content = <Outlet />;
  if (!found) content = <NotFoundPage />;
  else if (objects.pending) content = <PageLoader />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('shell.skipLink.label')}
      </Link>
      <TopBar me={me} cloudId={cloudId} onOpenNavigation={cloudId === null ? null : drawer.toggle} />
      <AppDrawer navigation={navigation} pageKey={pathname} control={drawer} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {found && !objects.pending && (
          <PageBreadcrumbs
            input={breadcrumbInput(cloudId, membership, objects, t(routes[match.key].titleKey))}
          />
        )}
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          <BannerArea />
          <CloudNotices me={me} membership={membership} />
          {content}
        </Box>
      </Box>
    </Box>
  );
}

/** The signed-in part of the console: sends anonymous visitors to the login page, then draws the frame. */
export function AppFrame() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageLoader />;
  if (me.isError) {
    if (isApiError(me.error) && me.error.status === 401) {
      const next = `${location.pathname}${location.search}${location.hash}`;
      return <Navigate replace to={routes.login.href({}, { query: { next } })} />;
    }
    throw me.error;
  }
  return <SignedInFrame me={me.data} />;
}
