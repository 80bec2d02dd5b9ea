// docs/navigation.md#top-bar-panels: below md, a More menu offers Latest News, Cloud and User.
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type MoreChoice = 'news' | 'cloud' | 'user';

export function MoreMenu({
  newsEnabled,
  newsUnread,
  onChoose,
}: {
  readonly newsEnabled: boolean;
  /** Unread news posts: the Latest News entry names the count and the More button shows a dot. */
  readonly newsUnread: number;
  /** With the More button, where the chosen menu opens. */
  readonly onChoose: (choice: MoreChoice, anchor: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  const choose = (choice: MoreChoice) => {
    const button = anchor;
    setAnchor(null);
    if (button) onChoose(choice, button);
  };
  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label={t('shell.topBar.more')}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge variant="dot" color="error" invisible={newsUnread === 0}>
          <MoreVertIcon />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {newsEnabled && (
          <MenuItem onClick={() => choose('news')}>
            {newsUnread > 0 ? t('news.button.unread', { count: newsUnread }) : t('shell.topBar.news')}
          </MenuItem>
        )}
        <MenuItem onClick={() => choose('cloud')}>{t('shell.topBar.cloud')}</MenuItem>
        <MenuItem onClick={() => choose('user')}>{t('shell.topBar.user')}</MenuItem>
      </Menu>
    </>
  );
}
