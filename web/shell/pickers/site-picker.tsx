// The site picker of the drawer's cloud menu (SPEC §2.3, §9). Rendered by the drawer; built with the top bar.
export type SitePickerProps = {
  readonly cloudId: number;
  /** The site of the current page, kept in the list even beyond the first 100. */
  readonly currentSiteId: number | null;
  /** SPEC §2.3: Create a new site, for users with manage_sites. */
  readonly canCreateSite: boolean;
  readonly onChoose: (siteId: number) => void;
};

export function SitePicker(_props: SitePickerProps) {
  return null;
}
