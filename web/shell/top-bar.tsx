// docs/navigation.md#top-bar-panels top bar: panel buttons, the path-analysis link, the cloud and user menus; below md a More menu
// stands in for Latest News, Cloud and User.
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertsButton, AlertsPanel } from '../features/alerts/index.ts';
import type { Me } from '../features/auth/index.ts';
import { NewsButton, NewsPanel, useUnreadNewsCount } from '../features/news/index.ts';
import { PushTokenRefresh } from '../features/push/index.ts';
import { SearchPanel } from '../features/search/index.ts';
import { TasksButton, TasksPanel } from '../features/tasks/index.ts';
import { CloudMenu, CloudMenuButton } from './top-bar/cloud-menu.tsx';
import { type MoreChoice, MoreMenu } from './top-bar/more-menu.tsx';
import { PathAnalysisLink } from './top-bar/path-analysis-link.tsx';
import { SearchButton, useSearchShortcut } from './top-bar/search-button.tsx';
import { UserMenu, UserMenuButton } from './user-menu.tsx';

interface TopBarProps {
  readonly me: Me;
  /** The cloud of the current page; null when the user has none. */
  readonly cloudId: number | null;
  readonly onOpenNavigation: (() => void) | null;
}

type Popup = 'cloud' | 'user' | 'search' | 'tasks' | 'news' | 'alerts';
type OpenPopup = { readonly menu: Popup; readonly anchor: HTMLElement } | null;

const WIDE_ONLY = { display: { xs: 'none', md: 'inline-flex' } } as const;
const NARROW_ONLY = { display: { xs: 'inline-flex', md: 'none' } } as const;

export function TopBar({ me, cloudId, onOpenNavigation }: TopBarProps) {
  const { t } = useTranslation();
  const { theme, user } = me;
  const membership = me.memberships.find((candidate) => candidate.cloud_id === cloudId) ?? null;
  const [open, setOpen] = useState<OpenPopup>(null);
  const cloudMenuId = useId();
  const userMenuId = useId();
  const userButtonId = useId();
  const panelIdPrefix = useId();
  const close = () => setOpen(null);
  const fromMore = (choice: MoreChoice, anchor: HTMLElement) => setOpen({ menu: choice, anchor });
  /** The button state and the panel placement of one panel. */
  const panel = (menu: Exclude<Popup, 'cloud' | 'user'>) => {
    const id = `${panelIdPrefix}${menu}`;
    const anchorEl = open?.menu === menu ? open.anchor : null;
    return {
      button: {
        panelId: id,
        open: anchorEl !== null,
        onOpen: (event: { currentTarget: HTMLElement }) => setOpen({ menu, anchor: event.currentTarget }),
      },
      placement: { id, anchorEl, onClose: close },
    };
  };
  const search = panel('search');
  const tasks = panel('tasks');
  const news = panel('news');
  const alerts = panel('alerts');
  const newsUnread = useUnreadNewsCount(theme.news_enabled);
  const searchButtonRef = useSearchShortcut(cloudId !== null, (anchor) =>
    setOpen({ menu: 'search', anchor }),
  );

  return (
    <AppBar position="fixed" sx={{ zIndex: (muiTheme) => muiTheme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 1, sm: 2 } }}>
        {onOpenNavigation && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.appBar.openNavigation')}
            onClick={onOpenNavigation}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        {theme.logo_url && (
          <Box
            component="img"
            src={theme.logo_url}
            alt=""
            sx={{ height: 32, maxWidth: 96, objectFit: 'contain', flexShrink: 0, mr: 1 }}
          />
        )}
        <Typography component="p" variant="h6" noWrap sx={{ fontWeight: 600, minWidth: 0, flexShrink: 1 }}>
          {theme.product_name}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {cloudId !== null && (
          <>
            <SearchButton {...search.button} ref={searchButtonRef} />
            <TasksButton {...tasks.button} cloudId={cloudId} />
          </>
        )}
        {theme.news_enabled && (
          <Box sx={WIDE_ONLY}>
            <NewsButton {...news.button} />
          </Box>
        )}
        {cloudId !== null && (
          <>
            <AlertsButton
              {...alerts.button}
              cloudId={cloudId}
              pushAlerts={membership?.push_alerts ?? false}
            />
            <PathAnalysisLink template={theme.path_analysis_url} cloudId={cloudId} />
          </>
        )}
        <Box sx={WIDE_ONLY}>
          <CloudMenuButton
            cloudName={membership?.cloud_name ?? null}
            menuId={cloudMenuId}
            open={open?.menu === 'cloud'}
            onOpen={(event) => setOpen({ menu: 'cloud', anchor: event.currentTarget })}
          />
        </Box>
        <Box sx={WIDE_ONLY}>
          <UserMenuButton
            menuId={userMenuId}
            buttonId={userButtonId}
            open={open?.menu === 'user'}
            onOpen={(event) => setOpen({ menu: 'user', anchor: event.currentTarget })}
          />
        </Box>
        <Box sx={NARROW_ONLY}>
          <MoreMenu newsEnabled={theme.news_enabled} newsUnread={newsUnread} onChoose={fromMore} />
        </Box>
        <PushTokenRefresh />
        {cloudId !== null && (
          <>
            <SearchPanel {...search.placement} cloudId={cloudId} />
            <TasksPanel {...tasks.placement} cloudId={cloudId} />
            <AlertsPanel {...alerts.placement} cloudId={cloudId} />
          </>
        )}
        {theme.news_enabled && <NewsPanel {...news.placement} />}
        <CloudMenu
          id={cloudMenuId}
          cloudId={cloudId}
          anchorEl={open?.menu === 'cloud' ? open.anchor : null}
          onClose={close}
        />
        <UserMenu
          id={userMenuId}
          labelledBy={userButtonId}
          user={user}
          theme={theme}
          cloudId={cloudId}
          anchorEl={open?.menu === 'user' ? open.anchor : null}
          onClose={close}
        />
      </Toolbar>
    </AppBar>
  );
}
