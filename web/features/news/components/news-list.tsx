// The posts of the Latest News panel (docs/navigation.md#top-bar-panels, docs/states.md): opening a post marks it read.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxPost } from '../../../../core/api/news.ts';
import { useInbox } from '../api/get-inbox.ts';
import { useMarkPostRead } from '../api/mark-post-read.ts';
import { isShortPost } from '../short-post.ts';
import { NewsItem } from './news-item.tsx';
import { PostDialog } from './post-dialog.tsx';

function Note({ children }: { readonly children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

export function NewsList() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const markRead = useMarkPostRead();
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const [dialog, setDialog] = useState<{ readonly uuid: string; readonly open: boolean } | null>(null);

  if (inbox.data === undefined) {
    if (inbox.isError) return <Note>{t('news.panel.loadFailed')}</Note>;
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label={t('news.panel.loading')} />
      </Box>
    );
  }
  const { posts } = inbox.data;
  if (posts.length === 0) return <Note>{t('news.panel.empty')}</Note>;

  const open = (post: InboxPost) => {
    const opening = !isShortPost(post) || !expanded.includes(post.uuid);
    if (!isShortPost(post)) setDialog({ uuid: post.uuid, open: true });
    else if (opening) setExpanded([...expanded, post.uuid]);
    else setExpanded(expanded.filter((uuid) => uuid !== post.uuid));
    if (opening && !post.viewed) markRead.mutate({ uuid: post.uuid });
  };
  const dialogPost = posts.find((post) => post.uuid === dialog?.uuid) ?? null;

  return (
    <>
      <List disablePadding>
        {posts.map((post) => (
          <NewsItem key={post.uuid} post={post} expanded={expanded.includes(post.uuid)} onOpen={open} />
        ))}
      </List>
      <PostDialog
        post={dialogPost}
        open={dialog?.open ?? false}
        onClose={() => setDialog((current) => current && { ...current, open: false })}
        onExited={() => setDialog(null)}
      />
    </>
  );
}
