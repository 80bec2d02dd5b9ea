// The query keys of the signed-in person's account pages.
export const accountKeys = {
  security: () => ['account', 'security'] as const,
};
