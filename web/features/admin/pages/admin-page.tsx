// /admintools: the Admin Panel of platform administrators (users.is_administrator): people and clouds across
// the platform, the stored error reports, Latest News posts and promotional videos. The section and its
// search are in the address, so each can be bookmarked.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_TABS, type AdminTab, routes } from '../../../../core/routes.ts';
import { NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useCachedMe } from '../../auth/index.ts';
import { CloudsSection } from '../components/clouds-section.tsx';
import { ErrorReportsSection } from '../components/error-reports-section.tsx';
import { NewsSection } from '../components/news-section.tsx';
import { UsersSection } from '../components/users-section.tsx';
import { VideosSection } from '../components/videos-section.tsx';

const TAB_LABEL_KEYS = {
  users: 'admin.tab.users',
  clouds: 'admin.tab.clouds',
  errors: 'admin.tab.errors',
  news: 'admin.tab.news',
  videos: 'admin.tab.videos',
} as const satisfies Record<AdminTab, string>;

const isTab = (value: string | null): value is AdminTab =>
  (ADMIN_TABS as readonly (string | null)[]).includes(value);

export function AdminPage() {
  const allowed = useCachedMe()?.user.is_administrator === true;
  return <PageSection routeKey="adminTools">{allowed ? <AdminSections /> : <NotAllowed />}</PageSection>;
}

function AdminSections() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const given = query.get('tab');
  const tab: AdminTab = isTab(given) ? given : 'users';
  const search = query.get('search') ?? '';
  const go = (next: AdminTab, term = '') =>
    navigate(routes.adminTools.href(undefined, { query: { tab: next, search: term || undefined } }));
  // A new search is a new address, so back and forward go through them.
  const setSearch = (term: string) => {
    if (term !== search) go(tab, term);
  };
  const panelId = 'admin-panel';
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_event, next: AdminTab) => go(next)}
        aria-label={t('admin.tab.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        scrollButtons="auto"
      >
        {ADMIN_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(TAB_LABEL_KEYS[name])}
            id={`admin-tab-${name}`}
            aria-controls={panelId}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId} aria-labelledby={`admin-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'users' && <UsersSection search={search} onSearch={setSearch} />}
        {tab === 'clouds' && <CloudsSection search={search} onSearch={setSearch} />}
        {tab === 'errors' && <ErrorReportsSection />}
        {tab === 'news' && <NewsSection />}
        {tab === 'videos' && <VideosSection />}
      </Box>
    </Box>
  );
}
