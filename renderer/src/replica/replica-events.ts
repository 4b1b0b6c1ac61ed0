import type { QueryClient } from '@tanstack/react-query';
import type { ReplicaListResult, ReplicaStatus } from '#shared/desktop/index.js';

/**
 * Which report of a project's replica is the latest. `replica-progress` events arrive in the
 * order the core sent them, but a handler's reply travels on its own: the core emits the
 * event of a pause (or a run's next wells) and then replies, and a reply computed before a
 * burst of progress would, if taken as it comes, put the bar back to an earlier count.
 * ReplicaStatus carries no sequence number, so the renderer numbers the events it receives
 * (per QueryClient, i.e. per app) and a reply is kept only when no event about its project
 * arrived after its request left. The core emits an event for every change it makes (pin,
 * pause, resume, cancel, remove, each step of a run), so the event then holds the newer state.
 */
interface EventLog {
  seq: number;
  last: Map<string, { seq: number; status: ReplicaStatus }>;
  /** Several hooks listen to the same event: each payload counts once. */
  seen: WeakSet<ReplicaStatus>;
}

const logs = new WeakMap<QueryClient, EventLog>();

function logOf(client: QueryClient): EventLog {
  let log = logs.get(client);
  if (!log) {
    log = { seq: 0, last: new Map(), seen: new WeakSet() };
    logs.set(client, log);
  }
  return log;
}

const keyOf = (status: Pick<ReplicaStatus, 'connectionId' | 'projectId'>) =>
  `${status.connectionId}\u0000${status.projectId}`;

/** Taken before a request is sent: the events received so far. */
export function replicaMark(client: QueryClient): number {
  return logOf(client).seq;
}

/**
 * Counts an event (or a command's reply that no event overtook, as new as one); false when
 * this payload was already counted (another listener).
 */
export function noteReplicaEvent(client: QueryClient, status: ReplicaStatus): boolean {
  const log = logOf(client);
  if (log.seen.has(status)) return false;
  log.seen.add(status);
  log.seq += 1;
  log.last.set(keyOf(status), { seq: log.seq, status });
  return true;
}

/** A reply to a request sent at `mark`, or the event about its project received since. */
export function laterThanReply(
  client: QueryClient,
  mark: number,
  reply: ReplicaStatus,
): ReplicaStatus {
  const event = logOf(client).last.get(keyOf(reply));
  return event && event.seq > mark ? event.status : reply;
}

/** The same for a whole list: each project as its latest report, a project first seen since added. */
export function laterThanList(
  client: QueryClient,
  mark: number,
  reply: ReplicaListResult,
): ReplicaListResult {
  let projects = reply.projects.map((project) => laterThanReply(client, mark, project));
  const listed = new Set(projects.map(keyOf));
  const connectionId = reply.projects[0]?.connectionId;
  for (const [key, event] of logOf(client).last) {
    const sameConnection = connectionId === undefined || event.status.connectionId === connectionId;
    if (event.seq > mark && sameConnection && !listed.has(key)) {
      projects = [...projects, event.status];
    }
  }
  // Nothing newer: the same object, so a screen reading it every render does not churn.
  const same =
    projects.length === reply.projects.length &&
    projects.every((project, at) => project === reply.projects[at]);
  return same ? reply : withProjects(reply, projects);
}

/**
 * The events received before a list read left, by list. A read's answer lands in the cache
 * some microtasks after it arrives, and a report that arrives in between finds no list to
 * go into: the list is brought up to date when it is read (listAsOfNow), not only when it
 * is fetched.
 */
const listMarks = new WeakMap<ReplicaListResult, number>();

/** A list read as of `mark` (replicaMark before its request). */
export function markList(list: ReplicaListResult, mark: number): ReplicaListResult {
  listMarks.set(list, mark);
  return list;
}

/** The list with every report received since it was read. */
export function listAsOfNow(client: QueryClient, list: ReplicaListResult): ReplicaListResult {
  const mark = listMarks.get(list);
  return mark === undefined ? list : laterThanList(client, mark, list);
}

/** The list with one project's report in place of the old one (appended when new). */
export function listWith(list: ReplicaListResult, status: ReplicaStatus): ReplicaListResult {
  const index = list.projects.findIndex((project) => keyOf(project) === keyOf(status));
  const projects =
    index < 0
      ? [...list.projects, status]
      : list.projects.map((project, at) => (at === index ? status : project));
  // Still as of its read: reports since then are the log's latest, so applying them again
  // when it is read changes nothing that this one put in.
  const mark = listMarks.get(list);
  const next = withProjects(list, projects);
  return mark === undefined ? next : markList(next, mark);
}

// The total is the sum of the projects' bytes (as the core counts it), so it follows them.
function withProjects(list: ReplicaListResult, projects: ReplicaStatus[]): ReplicaListResult {
  return {
    ...list,
    projects,
    totalBytes: projects.reduce((sum, project) => sum + project.bytes, 0),
  };
}
