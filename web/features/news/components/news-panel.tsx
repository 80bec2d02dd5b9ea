// Latest News (docs/navigation.md#top-bar-panels, docs/states.md, docs/constants.md), shown when the theme enables news: the top bar's button with the unread
// count and the panel of inbox posts, with mark all read and the newsletter switch.
import NewspaperIcon from '@mui/icons-material/Newspaper';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { PanelButton, type PanelButtonState } from '../../../platform/panel/panel-button.tsx';
import { type PanelPlacement, TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';
import { useInbox } from '../api/get-inbox.ts';
import { useMarkPostRead } from '../api/mark-post-read.ts';
import { NewsList } from './news-list.tsx';
import { NewsletterToggle } from './newsletter-toggle.tsx';

export function NewsButton(state: PanelButtonState) {
  const { t } = useTranslation();
  const count = useInbox().data?.unreadCount ?? 0;
  return (
    <PanelButton
      {...state}
      title={t('shell.topBar.news')}
      badge={count}
      countLabel={t('news.button.unread', { count })}
    >
      <NewspaperIcon />
    </PanelButton>
  );
}

function MarkAllReadButton() {
  const { t } = useTranslation();
  const unread = useInbox().data?.unreadCount ?? 0;
  const markRead = useMarkPostRead();
  return (
    <Button
      size="small"
      disabled={unread === 0}
      onClick={(event) => {
        // The button disables itself, which would drop the focus out of the panel and Escape with it.
        event.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus();
        markRead.mutate({ all: true });
      }}
    >
      {t('news.panel.markAllRead')}
    </Button>
  );
}

export function NewsPanel(placement: PanelPlacement) {
  const { t } = useTranslation();
  return (
    <TopBarPanel {...placement} title={t('shell.topBar.news')} actions={<MarkAllReadButton />}>
      <NewsList />
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          px: 2,
          py: 0.5,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <NewsletterToggle />
      </Box>
    </TopBarPanel>
  );
}
