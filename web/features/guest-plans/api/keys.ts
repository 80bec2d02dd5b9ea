// The query keys of the Service Plans page (docs/guest-access.md).
export const guestPlanKeys = {
  all: (cloudId: number) => ['guest-plans', cloudId] as const,
  list: (cloudId: number, offset: number, limit: number) =>
    [...guestPlanKeys.all(cloudId), 'list', offset, limit] as const,
};
