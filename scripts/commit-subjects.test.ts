import { describe, expect, it } from 'vitest';
import { longSubjects, MAX_SUBJECT } from './commit-subjects.mjs';

describe('commit subjects', () => {
  it('names each subject over 72 characters, counting characters, not bytes', () => {
    const ok = 'a'.repeat(MAX_SUBJECT);
    const long = 'b'.repeat(MAX_SUBJECT + 1);
    const wide = `${'é'.repeat(MAX_SUBJECT - 1)}→`; // 72 characters, more bytes
    expect(longSubjects([`abc1234 ${ok}`, `def5678 ${long}`, `0123abc ${wide}`, ''])).toEqual([
      { commit: 'def5678', subject: long },
    ]);
  });
});
