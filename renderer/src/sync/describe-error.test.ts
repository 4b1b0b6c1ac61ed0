import { describe, expect, it } from 'vitest';
import type { IpcError } from '#shared/desktop/index.js';
import {
  describeIssuePath,
  errorAdvice,
  errorReference,
  errorTitle,
  issueLines,
} from './describe-error.js';

const rejected: IpcError = {
  type: 'validation',
  message: 'Request validation failed',
  details: {
    status: 400,
    code: 'VALIDATION_ERROR',
    requestId: 'req_7f3a',
    issues: [
      { path: 'records[2024-01-05].watercut', message: 'must be between 0 and 100' },
      { path: 'records[2024-01-06]', message: 'is a duplicate date' },
      { path: 'status', message: 'must be one of active, inactive, shut_in' },
    ],
  },
};

describe('describe-error', () => {
  it('pins each problem to its day and field, in words', () => {
    expect(issueLines(rejected)).toEqual([
      { place: '2024-01-05 · Watercut', message: 'must be between 0 and 100' },
      { place: '2024-01-06', message: 'is a duplicate date' },
      { place: 'Status', message: 'must be one of active, inactive, shut_in' },
    ]);
  });

  it('keeps a path it does not know as sent', () => {
    expect(describeIssuePath('records[2024-01-05].mystery')).toBe('2024-01-05 · mystery');
    expect(describeIssuePath('body.extra')).toBe('body.extra');
  });

  it('gives the reference support asks for', () => {
    expect(errorReference(rejected)).toBe('HTTP 400 · VALIDATION_ERROR · request req_7f3a');
    expect(errorReference({ type: 'offline', message: 'x', details: { status: 0 } })).toBe('');
  });

  it('titles and advises by kind of problem', () => {
    expect(errorTitle(rejected)).toBe('The server rejected these values');
    expect(errorAdvice(rejected)).toMatch(/Edit/);
    const gone: IpcError = { type: 'not-found', message: 'Well not found' };
    expect(errorTitle(gone)).toMatch(/no longer exists/);
    expect(errorAdvice(gone)).toMatch(/Export/);
    expect(errorAdvice({ type: 'server', message: 'x' })).toBeNull();
  });
});
