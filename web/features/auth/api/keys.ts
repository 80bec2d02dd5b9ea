// The query keys of the signed-in person and of the links mailed to people; their queries and changes
// take them from here.
export const authKeys = {
  me: () => ['auth', 'me'] as const,
  invitation: (token: string) => ['auth', 'invitation', token] as const,
  emailChange: (token: string) => ['auth', 'email-change', token] as const,
  passwordReset: (token: string) => ['auth', 'password-reset', token] as const,
};
