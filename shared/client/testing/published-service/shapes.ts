/**
 * How the mock of the published service writes its bodies. The published
 * schema (api-evangelist/tachyus, openapi/tachyus-projects-api-openapi.yml and
 * openapi/tachyus-wells-api-openapi.yml) requires no member of a Project or a
 * Well, types none as nullable and lists unitSystem as a plain string, so the
 * mock rotates through shapes that our server never sends: members left out,
 * enumerations in other letter cases, half a perforation interval, members
 * we do not know. Item k of a list gets shape k mod the number of shapes.
 */

export interface StoredProject {
  id: string;
  name: string;
  description: string;
  timezone: string;
  unitSystem: 'imperial' | 'metric';
  createdAt: string;
  updatedAt: string;
}

export interface StoredWell {
  id: string;
  projectId: string;
  name: string;
  apiNumber?: string;
  type?: string;
  status?: string;
  latitude?: number;
  longitude?: number;
  spudDate?: string;
  lateralLength?: number;
  perfInterval?: { topMd?: number; bottomMd?: number };
  createdAt: string;
}

type Body = Record<string, unknown>;

function without(body: Body, members: readonly string[]): Body {
  const out = { ...body };
  for (const member of members) delete out[member];
  return out;
}

export const PROJECT_SHAPES = [
  /** Every member, lower case. */
  (project: StoredProject, wellCount: number): Body => ({ ...project, wellCount }),
  /** No wellCount nor updatedAt; "Metric"/"Imperial"; members we do not know. */
  (project: StoredProject): Body => ({
    ...without({ ...project }, ['updatedAt']),
    unitSystem: project.unitSystem === 'metric' ? 'Metric' : 'IMPERIAL',
    dashboards: [],
    owner: { name: 'ops' },
  }),
  /** No description, time zone, unit system nor timestamps. */
  (project: StoredProject, wellCount: number): Body => ({
    ...without({ ...project }, ['description', 'timezone', 'unitSystem', 'createdAt', 'updatedAt']),
    wellCount,
  }),
] as const;

export const WELL_SHAPES = [
  /** Every member it has, plus one we do not know. */
  (well: StoredWell, firstProductionDate: string | null): Body => ({
    ...well,
    ...(firstProductionDate === null ? {} : { firstProductionDate }),
    rigName: 'Rig 7',
  }),
  /** No type nor status; only the top of the perforations. */
  (well: StoredWell): Body => ({
    ...without({ ...well }, ['type', 'status']),
    ...(well.perfInterval?.topMd === undefined
      ? {}
      : { perfInterval: { topMd: well.perfInterval.topMd } }),
  }),
  /** Type and status in capitals, only the bottom of the perforations, no projectId. */
  (well: StoredWell): Body => ({
    ...without({ ...well }, ['projectId']),
    ...(well.type === undefined ? {} : { type: well.type.toUpperCase() }),
    ...(well.status === undefined ? {} : { status: well.status.toUpperCase() }),
    ...(well.perfInterval?.bottomMd === undefined
      ? {}
      : { perfInterval: { bottomMd: well.perfInterval.bottomMd } }),
  }),
  /** No name nor createdAt. */
  (well: StoredWell): Body => without({ ...well }, ['name', 'createdAt']),
] as const;

/** The shape of item `index` of a rotation. */
export function shapeAt<T>(shapes: readonly T[], index: number): T {
  return shapes[index % shapes.length]!;
}
