// docs/navigation.md: a picker's list in the drawer is at most about six rows high and scrolls inside
// itself, so the cloud menu under it stays in reach with 100 sites.
export const BOUNDED_LIST = { maxHeight: 'min(232px, 34vh)', overflowY: 'auto' } as const;
