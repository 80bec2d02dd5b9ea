// A post body drawn from its Mobiledoc as React elements (never as HTML text), or docs/errors.md 'Post content not
// available at this time.' when it cannot be read.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Block, type Inline, readMobiledoc, type TextTag } from './read-mobiledoc.ts';

// The post sits under the panel's or dialog's h2, so its own headings start one level lower.
const ELEMENT: Record<TextTag, 'p' | 'h3' | 'h4' | 'h5' | 'h6' | 'blockquote' | 'aside'> = {
  p: 'p',
  h1: 'h3',
  h2: 'h3',
  h3: 'h4',
  h4: 'h5',
  h5: 'h6',
  h6: 'h6',
  blockquote: 'blockquote',
  aside: 'aside',
};

const contentSx = {
  typography: 'body2',
  overflowWrap: 'anywhere',
  '& p, & ul, & ol': { mt: 0, mb: 1 },
  '& h3, & h4, & h5, & h6': { typography: 'subtitle2', fontWeight: 600, mt: 1.5, mb: 0.5 },
  '& blockquote, & aside': { mx: 0, mt: 0, mb: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' },
  '& ul, & ol': { pl: 3 },
  '& code': { fontFamily: 'monospace', fontSize: '0.95em' },
  '& img': { display: 'block', maxWidth: '100%', height: 'auto', mt: 0, mb: 1 },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 1.5 },
  '& > :last-child': { mb: 0 },
} as const;

function renderInline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${node.kind}-${index}`;
    if (node.kind === 'text') return node.text;
    if (node.kind === 'break') return <br key={key} />;
    const children = renderInline(node.children);
    if (node.tag === 'a' && node.href) {
      return (
        <Link key={key} href={node.href} target="_blank" rel="noopener">
          {children}
        </Link>
      );
    }
    const Tag = node.tag === 'a' ? 'span' : node.tag;
    return <Tag key={key}>{children}</Tag>;
  });
}

function renderBlock(block: Block, index: number): ReactNode {
  const key = `${block.kind}-${index}`;
  if (block.kind === 'rule') return <hr key={key} />;
  if (block.kind === 'image') return <img key={key} src={block.src} alt={block.alt} />;
  if (block.kind === 'list') {
    const List = block.ordered ? 'ol' : 'ul';
    return (
      <List key={key}>
        {block.items.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a post's items have no identity but their place.
          <li key={itemIndex}>{renderInline(item)}</li>
        ))}
      </List>
    );
  }
  const Tag = ELEMENT[block.tag];
  return <Tag key={key}>{renderInline(block.content)}</Tag>;
}

export function PostContent({ mobiledoc }: { readonly mobiledoc: unknown }) {
  const { t } = useTranslation();
  const blocks = useMemo(() => readMobiledoc(mobiledoc), [mobiledoc]);
  if (!blocks || blocks.length === 0) {
    return <Typography variant="body2">{t('news.post.unavailable')}</Typography>;
  }
  return <Box sx={contentSx}>{blocks.map(renderBlock)}</Box>;
}
