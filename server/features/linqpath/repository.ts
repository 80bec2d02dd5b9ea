// Saved LinqPath plans of a cloud (docs/linqpath.md#saved-plans): listed by name, made, changed and
// deleted, each change in the change log.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  LinqPathInputs,
  LinqPathPlan,
  LinqPathPlanBody,
  LinqPathPlanPatch,
} from '../../../core/api/linqpath.ts';
import type { ListPage } from '../../../core/api/list-query.ts';
import { planProblem } from '../../../core/linqpath/plan.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { users } from '../../db/schema/accounts.ts';
import { devices, sites } from '../../db/schema/inventory.ts';
import { linqpathPlans } from '../../db/schema/linqpath.ts';
import { errors } from '../../errors.ts';

const COLUMNS = {
  id: linqpathPlans.id,
  name: linqpathPlans.name,
  inputs: linqpathPlans.inputs,
  createdAt: linqpathPlans.createdAt,
  updatedAt: linqpathPlans.updatedAt,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
};

type Row = {
  id: number;
  name: string;
  inputs: LinqPathInputs;
  createdAt: Date;
  updatedAt: Date;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
};

function present(row: Row): LinqPathPlan {
  const person = `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim();
  return {
    id: row.id,
    name: row.name,
    inputs: row.inputs,
    created_by: row.email === null ? null : person || row.email,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One page of the cloud's plans by name. */
export async function listPlans(
  db: Database,
  cloudId: number,
  page: { offset: number; limit: number },
): Promise<ListPage<LinqPathPlan>> {
  const where = eq(linqpathPlans.cloudId, cloudId);
  const rows = await db
    .select(COLUMNS)
    .from(linqpathPlans)
    .leftJoin(users, eq(users.id, linqpathPlans.createdBy))
    .where(where)
    .orderBy(asc(sql`lower(${linqpathPlans.name})`), asc(linqpathPlans.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items: rows.map(present), ...(await countCapped(db, linqpathPlans, where, page)) };
}

export async function findPlan(db: Database, cloudId: number, planId: number): Promise<LinqPathPlan> {
  const [row] = await db
    .select(COLUMNS)
    .from(linqpathPlans)
    .leftJoin(users, eq(users.id, linqpathPlans.createdBy))
    .where(and(eq(linqpathPlans.cloudId, cloudId), eq(linqpathPlans.id, planId)));
  if (!row) throw errors.notFound('No such plan in this cloud.');
  return present(row);
}

const PROBLEM_TEXTS = {
  model_a: ['/inputs/a/product_brand_id', 'Choose a radio model with a link radio for end A.'],
  model_b: ['/inputs/b/product_brand_id', 'Choose a radio model with a link radio for end B.'],
  band_mismatch: ['/inputs/b/product_brand_id', 'Both ends need radios on the same band.'],
  same_point: ['/inputs/b', 'The two ends are at the same place.'],
  too_far: ['/inputs/b', 'The ends are more than 100 km apart.'],
  terrain_order: ['/inputs/terrain', 'Terrain distances must rise from one sample to the next.'],
} as const;

/** The plan can be computed, and the devices and sites it names are this cloud's. */
async function checkInputs(db: Database, cloudId: number, inputs: LinqPathInputs): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  const problem = planProblem(inputs);
  if (problem) {
    const [path, message] = PROBLEM_TEXTS[problem];
    issues.push({ path, message });
  }
  const ends = [
    ['a', inputs.a],
    ['b', inputs.b],
  ] as const;
  const deviceIds = ends.flatMap(([, end]) => (end.device_id === null ? [] : [end.device_id]));
  const siteIds = ends.flatMap(([, end]) => (end.site_id === null ? [] : [end.site_id]));
  const [knownDevices, knownSites] = await Promise.all([
    deviceIds.length === 0
      ? []
      : db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.cloudId, cloudId), inArray(devices.id, deviceIds))),
    siteIds.length === 0
      ? []
      : db
          .select({ id: sites.id })
          .from(sites)
          .where(and(eq(sites.cloudId, cloudId), inArray(sites.id, siteIds), isNull(sites.deletedAt))),
  ]);
  const deviceSet = new Set(knownDevices.map((row) => row.id));
  const siteSet = new Set(knownSites.map((row) => row.id));
  for (const [name, end] of ends) {
    if (end.device_id !== null && !deviceSet.has(end.device_id))
      issues.push({
        path: `/inputs/${name}/device_id`,
        message: `Device ${end.device_id} is not in this cloud.`,
      });
    if (end.site_id !== null && !siteSet.has(end.site_id))
      issues.push({ path: `/inputs/${name}/site_id`, message: `Site ${end.site_id} is not in this cloud.` });
  }
  if (issues.length > 0)
    throw errors.validation(issues.map((issue) => ({ errorCode: 'invalid', location: 'body', ...issue })));
}

/** The inputs as they are kept: labels trimmed, every field named. */
function kept(inputs: LinqPathInputs): LinqPathInputs {
  const end = (e: LinqPathInputs['a']) => ({
    label: e.label.trim(),
    latitude: e.latitude,
    longitude: e.longitude,
    height_m: e.height_m,
    product_brand_id: e.product_brand_id,
    cable_loss_db: e.cable_loss_db,
    device_id: e.device_id,
    site_id: e.site_id,
  });
  return {
    kind: inputs.kind,
    a: end(inputs.a),
    b: end(inputs.b),
    rain_zone: inputs.rain_zone,
    availability_percent: inputs.availability_percent,
    polarization: inputs.polarization,
    terrain: inputs.terrain.map(([distance, height]) => [distance, height] as [number, number]),
  };
}

/** What the change log keeps of a plan: its name and its ends, not its terrain samples. */
const logged = (name: string, inputs: LinqPathInputs) => ({
  name,
  kind: inputs.kind,
  a: inputs.a.label,
  b: inputs.b.label,
  terrain_samples: inputs.terrain.length,
});

export async function createPlan(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  body: LinqPathPlanBody,
): Promise<LinqPathPlan> {
  await checkInputs(db, cloudId, body.inputs);
  const name = body.name.trim();
  const inputs = kept(body.inputs);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(linqpathPlans)
      .values({ cloudId, name, inputs, createdBy: actor.userId })
      .returning({ id: linqpathPlans.id });
    if (!row) throw new Error('plan not created');
    await audit(tx, actor, {
      cloudId,
      action: 'created',
      objectType: 'linqpath_plan',
      objectId: row.id,
      objectName: name,
      after: logged(name, inputs),
    });
    return row.id;
  });
  return findPlan(db, cloudId, id);
}

export async function updatePlan(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  planId: number,
  patch: LinqPathPlanPatch,
): Promise<LinqPathPlan> {
  const before = await findPlan(db, cloudId, planId);
  if (patch.inputs) await checkInputs(db, cloudId, patch.inputs);
  const name = patch.name?.trim() ?? before.name;
  const inputs = patch.inputs ? kept(patch.inputs) : before.inputs;
  await db.transaction(async (tx) => {
    await tx
      .update(linqpathPlans)
      .set({ name, inputs, updatedAt: new Date() })
      .where(and(eq(linqpathPlans.cloudId, cloudId), eq(linqpathPlans.id, planId)));
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'linqpath_plan',
      objectId: planId,
      objectName: name,
      before: logged(before.name, before.inputs),
      after: logged(name, inputs),
    });
  });
  return findPlan(db, cloudId, planId);
}

export async function deletePlan(db: Database, actor: AuditActor, cloudId: number, planId: number) {
  const before = await findPlan(db, cloudId, planId);
  await db.transaction(async (tx) => {
    await tx
      .delete(linqpathPlans)
      .where(and(eq(linqpathPlans.cloudId, cloudId), eq(linqpathPlans.id, planId)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'linqpath_plan',
      objectId: planId,
      objectName: before.name,
      before: logged(before.name, before.inputs),
    });
  });
}
