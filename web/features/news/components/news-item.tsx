// One post of the Latest News panel: title, published date, unread marker and excerpt. A short post opens
// in place to show it whole; a long one opens the post dialog.
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxPost } from '../../../../core/api/news.ts';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { PostContent } from '../mobiledoc/post-content.tsx';
import { isShortPost } from '../short-post.ts';
import { PublishedDate } from './published-date.tsx';
import { ReadOnBlogLink } from './read-on-blog-link.tsx';

const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

interface NewsItemProps {
  readonly post: InboxPost;
  /** Whether a short post is open in place. */
  readonly expanded: boolean;
  readonly onOpen: (post: InboxPost) => void;
}

export function NewsItem({ post, expanded, onOpen }: NewsItemProps) {
  const { t } = useTranslation();
  const contentId = useId();
  const short = isShortPost(post);
  const open = short && expanded;
  const Indicator = short ? (open ? ExpandLessIcon : ExpandMoreIcon) : ChevronRightIcon;
  return (
    <ListItem disablePadding divider sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => onOpen(post)}
        aria-expanded={short ? open : undefined}
        aria-controls={open ? contentId : undefined}
        aria-haspopup={short ? undefined : 'dialog'}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25 }}
      >
        <Box
          aria-hidden
          sx={{
            flexShrink: 0,
            width: 8,
            height: 8,
            mt: 0.75,
            borderRadius: '50%',
            bgcolor: post.viewed ? 'transparent' : 'primary.main',
          }}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', fontWeight: post.viewed ? 400 : 600 }}
          >
            {!post.viewed && (
              <Box component="span" sx={visuallyHidden}>
                {t('news.panel.unread')}
              </Box>
            )}{' '}
            {post.title}
          </Typography>
          <PublishedDate value={post.published_at} />
          {!open && (
            <Typography component="span" variant="body2" color="text.secondary" sx={twoLines}>
              {post.custom_excerpt || post.plaintext}
            </Typography>
          )}
        </Box>
        <Indicator fontSize="small" sx={{ color: 'text.secondary', mt: 0.25 }} />
      </ListItemButton>
      {open && (
        <Box id={contentId} sx={{ pl: 4.5, pr: 2, pb: 1.5 }}>
          <PostContent mobiledoc={post.mobiledoc} />
          <Box sx={{ mt: 1, ml: -0.5 }}>
            <ReadOnBlogLink url={post.url} />
          </Box>
        </Box>
      )}
    </ListItem>
  );
}
