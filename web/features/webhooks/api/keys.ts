// The query keys of the Webhooks page (docs/webhooks.md#the-page).
export const webhookKeys = {
  all: (cloudId: number) => ['webhooks', cloudId] as const,
  list: (cloudId: number, offset: number) => [...webhookKeys.all(cloudId), 'list', offset] as const,
  deliveries: (cloudId: number, webhookId: number, offset: number) =>
    [...webhookKeys.all(cloudId), 'deliveries', webhookId, offset] as const,
};
