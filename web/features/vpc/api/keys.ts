// The query keys of VPC branding (docs/vpc.md); its queries and changes take them from here.
export const vpcKeys = {
  brand: (cloudId: number) => ['vpc', 'brand', cloudId] as const,
  /** The theme of the host the console is opened on, asked before anyone signs in. */
  theme: () => ['vpc', 'theme'] as const,
};
