// Helpers for the access table's rows (server/test/access-table.ts and its access-table-<area>.ts files).
import type { CloudAbility } from '../../core/policy.ts';
import type { Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

// Ids of the wireless clients beforeAll creates; the placeholder names the route in the test titles.
export const clientIds: Record<'assigned' | 'other', number | string> = {
  assigned: ':clientId',
  other: ':clientId',
};

let unique = 0;
/** A number no other call of the table has used, for names and addresses that must not repeat. */
export const nextUnique = () => ++unique;
export const cloudUrl = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}${path}`;
export const member = (permission?: CloudAbility): Rule => ({ kind: 'member', permission });
export const signedIn: Rule = { kind: 'signedIn' };
/** An unused spare for a call that deletes what it names; the placeholder when the test is named. */
export const spare = (ids: number[] | undefined) => ids?.shift() ?? ':id';
/** A fixture's id; the placeholder when the test is named (the placeholders have no site filter). */
export const idOf = (row: { id: number } | undefined) => row?.id ?? ':siteFilterId';
