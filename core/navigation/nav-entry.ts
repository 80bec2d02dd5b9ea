// The shape every menu of the navigation model returns; the shell only renders it.
import type { NavLabelKey } from './labels.ts';

/** docs/constants.md: the height of one menu item, in CSS pixels. */
export const MENU_ITEM_HEIGHT = 42;

export type NavEntry = {
  /** Unique within its menu; stable across renders. */
  readonly key: string;
  readonly labelKey: NavLabelKey;
  /** Where the entry goes (a client-side link, docs/decisions.md); null for a group or heading that only holds children. */
  readonly href: string | null;
  readonly children?: readonly NavEntry[];
  /** A section title such as 'Manage': drawn over its children, never as a link. */
  readonly heading?: true;
};

export const navLink = (key: string, labelKey: NavLabelKey, href: string): NavEntry => ({
  key,
  labelKey,
  href,
});

/** A link that also lists sub-entries (e.g. Configuration and its anchors). */
export const navLinkWithChildren = (
  key: string,
  labelKey: NavLabelKey,
  href: string,
  children: readonly NavEntry[],
): NavEntry => ({ key, labelKey, href, children });

export const navGroup = (key: string, labelKey: NavLabelKey, children: readonly NavEntry[]): NavEntry => ({
  key,
  labelKey,
  href: null,
  children,
});

/** A heading with no children is left out: a title over nothing helps nobody. */
export function navHeading(key: string, labelKey: NavLabelKey, children: readonly NavEntry[]): NavEntry[] {
  return children.length === 0 ? [] : [{ key, labelKey, href: null, children, heading: true }];
}

/** The entries without the groups and headings that are left with nothing under them (docs/navigation.md). */
export function withoutEmptyGroups(entries: readonly NavEntry[]): NavEntry[] {
  return entries.flatMap((entry): NavEntry[] => {
    if (entry.href !== null) return [entry];
    const children = withoutEmptyGroups(entry.children ?? []);
    return children.length === 0 ? [] : [{ ...entry, children }];
  });
}
