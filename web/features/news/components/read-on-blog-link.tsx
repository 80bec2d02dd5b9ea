// The link from a post to its page on the blog, in a new tab; none when the address is not http(s).
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { safeLinkHref } from '../mobiledoc/safe-url.ts';

export function ReadOnBlogLink({ url }: { readonly url: string }) {
  const { t } = useTranslation();
  const href = safeLinkHref(url);
  if (!href?.startsWith('http')) return null;
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      size="small"
      endIcon={<OpenInNewIcon fontSize="small" />}
    >
      {t('news.post.readOnBlog')}
    </Button>
  );
}
