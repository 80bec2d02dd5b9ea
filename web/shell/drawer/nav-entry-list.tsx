// Renders a menu of the navigation model: links, groups with their sub-entries, and headings.
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { MENU_ITEM_HEIGHT, type NavEntry } from '../../../core/navigation/nav-entry.ts';

type Place = { readonly pathname: string; readonly hash: string };

function splitHref(href: string): Place {
  const cut = href.indexOf('#');
  return cut === -1 ? { pathname: href, hash: '' } : { pathname: href.slice(0, cut), hash: href.slice(cut) };
}

function matches(entry: NavEntry, place: Place): boolean {
  if (entry.href === null) return false;
  const target = splitHref(entry.href);
  if (target.pathname !== place.pathname) return false;
  return target.hash === '' || target.hash === place.hash;
}

/** The one entry of a menu that stands for the current page: the most specific match (an anchor over its page). */
export function activeEntryKey(entries: readonly NavEntry[], place: Place): string | null {
  let found: { key: string; hash: boolean } | null = null;
  const visit = (list: readonly NavEntry[], prefix: string) => {
    for (const entry of list) {
      const key = `${prefix}${entry.key}`;
      if (matches(entry, place)) {
        const withHash = splitHref(entry.href ?? '').hash !== '';
        if (!found || (withHash && !found.hash)) found = { key, hash: withHash };
      }
      if (entry.children) visit(entry.children, `${key}/`);
    }
  };
  visit(entries, '');
  return (found as { key: string } | null)?.key ?? null;
}

type ListProps = {
  readonly entries: readonly NavEntry[];
  readonly onNavigate?: (() => void) | undefined;
};

function EntryItems({
  entries,
  depth,
  prefix,
  activeKey,
  onNavigate,
}: ListProps & { readonly depth: number; readonly prefix: string; readonly activeKey: string | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  return entries.map((entry) => {
    const key = `${prefix}${entry.key}`;
    const children = entry.children ? (
      <EntryItems
        entries={entry.children}
        depth={depth + 1}
        prefix={`${key}/`}
        activeKey={activeKey}
        onNavigate={onNavigate}
      />
    ) : null;
    const indent = 2 + depth * 2;
    if (entry.href === null) {
      const id = `${headingId}-${key}`;
      return (
        <li key={key}>
          <ListSubheader
            id={id}
            component="div"
            disableSticky
            sx={{
              minHeight: MENU_ITEM_HEIGHT,
              lineHeight: `${MENU_ITEM_HEIGHT}px`,
              pl: indent,
              ...(entry.heading ? { textTransform: 'uppercase', letterSpacing: 0.5 } : {}),
            }}
          >
            {t(entry.labelKey)}
          </ListSubheader>
          <List disablePadding aria-labelledby={id}>
            {children}
          </List>
        </li>
      );
    }
    const active = activeKey === key;
    return (
      <li key={key}>
        <ListItemButton
          component={RouterLink}
          to={entry.href}
          onClick={onNavigate}
          selected={active}
          aria-current={active ? 'page' : undefined}
          sx={{ minHeight: MENU_ITEM_HEIGHT, height: MENU_ITEM_HEIGHT, pl: indent, py: 0 }}
        >
          <ListItemText primary={t(entry.labelKey)} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
        {children && <List disablePadding>{children}</List>}
      </li>
    );
  });
}

/** A menu of the navigation model; the entry of the current page is marked aria-current="page". */
export function NavEntryList({ entries, onNavigate }: ListProps) {
  const { pathname, hash } = useLocation();
  const activeKey = activeEntryKey(entries, { pathname, hash });
  return (
    <List disablePadding>
      <EntryItems entries={entries} depth={0} prefix="" activeKey={activeKey} onNavigate={onNavigate} />
    </List>
  );
}
