import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { replicaStatus } from '../testing/fixtures.js';
import { laterThanList, laterThanReply, noteReplicaEvent, replicaMark } from './replica-events.js';

const SETTINGS = { releaseAfterDays: 30, budgetBytes: 2 * 1024 ** 3 };

describe('a reply against the events that arrived while it travelled', () => {
  it('keeps the reply when no event about its project came after its request', () => {
    const client = new QueryClient();
    noteReplicaEvent(client, replicaStatus({ wellsComplete: 10 }));
    const mark = replicaMark(client);
    noteReplicaEvent(client, replicaStatus({ projectId: 'prj_other', wellsComplete: 3 }));

    const reply = replicaStatus({ state: 'paused', wellsComplete: 12 });
    expect(laterThanReply(client, mark, reply)).toBe(reply);
  });

  it('keeps the event when one came after the request: the reply is older', () => {
    const client = new QueryClient();
    const mark = replicaMark(client);
    const event = replicaStatus({ wellsComplete: 70 });
    noteReplicaEvent(client, event);

    expect(laterThanReply(client, mark, replicaStatus({ state: 'queued', wellsComplete: 0 }))).toBe(
      event,
    );
  });

  it('counts a payload once however many listeners hand it in', () => {
    const client = new QueryClient();
    const event = replicaStatus();
    expect(noteReplicaEvent(client, event)).toBe(true);
    expect(noteReplicaEvent(client, event)).toBe(false);
    expect(replicaMark(client)).toBe(1);
  });

  it('puts the newer events into a list read meanwhile, a project first seen included', () => {
    const client = new QueryClient();
    const mark = replicaMark(client);
    noteReplicaEvent(client, replicaStatus({ wellsComplete: 80, bytes: 100 }));
    noteReplicaEvent(client, replicaStatus({ projectId: 'prj_new', bytes: 5 }));

    const list = laterThanList(client, mark, {
      projects: [replicaStatus({ wellsComplete: 61, bytes: 90 })],
      settings: SETTINGS,
      totalBytes: 90,
    });

    expect(list.projects.map((p) => [p.projectId, p.wellsComplete])).toEqual([
      ['prj_permian', 80],
      ['prj_new', 61],
    ]);
    expect(list.totalBytes).toBe(105);
  });
});
