// The site-grouping picker of the drawer's cloud menu (SPEC §2.3, §2.4), for users with manage_sites.
export type SiteGroupingPickerProps = {
  readonly cloudId: number;
};

export function SiteGroupingPicker(_props: SiteGroupingPickerProps) {
  return null;
}
