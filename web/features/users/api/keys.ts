// The query keys of a cloud's members and invitations; their queries and changes take them from here.
export const usersKeys = {
  all: (cloudId: number) => ['users', cloudId] as const,
  lists: (cloudId: number) => [...usersKeys.all(cloudId), 'list'] as const,
  list: (cloudId: number, search: string, offset: number) =>
    [...usersKeys.lists(cloudId), search, offset] as const,
  invitations: (cloudId: number) => [...usersKeys.all(cloudId), 'invitations'] as const,
  invitationPage: (cloudId: number, offset: number) => [...usersKeys.invitations(cloudId), offset] as const,
};
