import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

const body = (text: string) => Buffer.from(text);

describe('ResponseCache', () => {
  it('keeps a body only when its key is asked for the second time', () => {
    const cache = new ResponseCache();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.offer('a', body('first'))).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);

    expect(cache.offer('a', body('second'))).toBe(true);
    expect(cache.get('a')?.toString()).toBe('second');
    expect(cache.size).toBe(1);
  });

  it('replaces a kept body offered again, counting only the new one', () => {
    const cache = new ResponseCache(10, 100);
    const keep = (key: string, size: number) => {
      cache.offer(key, body(key.repeat(size)));
      return cache.offer(key, body(key.repeat(size)));
    };
    keep('a', 10);
    expect(cache.offer('a', body('a'.repeat(20)))).toBe(true);
    expect(cache.get('a')?.length).toBe(20);
    // 20 + 3 × 25 = 95 bytes fit; had the replaced 10 still been counted, 'a' would go.
    for (const key of ['b', 'c', 'd']) keep(key, 25);
    expect(cache.size).toBe(4);
    expect(cache.get('a')).toBeDefined();
  });

  it('drops the least recently used beyond its entry limit', () => {
    const cache = new ResponseCache(2);
    for (const key of ['a', 'b']) {
      cache.offer(key, body(key));
      cache.offer(key, body(key));
    }
    cache.get('a'); // b is now the least recently used
    cache.offer('c', body('c'));
    cache.offer('c', body('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.toString()).toBe('a');
    expect(cache.get('c')?.toString()).toBe('c');
    expect(cache.size).toBe(2);
  });

  it('drops the least recently used beyond its byte limit', () => {
    const cache = new ResponseCache(100, 40);
    for (const key of ['a', 'b', 'c', 'd']) {
      cache.offer(key, body(key.repeat(10)));
      cache.offer(key, body(key.repeat(10)));
    }
    expect(cache.size).toBe(4);
    cache.offer('e', body('e'.repeat(10)));
    cache.offer('e', body('e'.repeat(10)));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.size).toBe(4);
  });

  it('never keeps a body larger than a quarter of its bytes', () => {
    const cache = new ResponseCache(10, 40);
    cache.offer('big', body('x'.repeat(11)));
    expect(cache.offer('big', body('x'.repeat(11)))).toBe(false);
    expect(cache.get('big')).toBeUndefined();
  });

  it('forgets the keys asked for once when it has remembered enough of them', () => {
    const cache = new ResponseCache(512, 64 * 1024 * 1024, 3);
    cache.offer('a', body('a'));
    cache.offer('b', body('b'));
    cache.offer('c', body('c'));
    // The fourth first-time key clears what was remembered: a, b and c start over.
    cache.offer('d', body('d'));
    expect(cache.offer('a', body('a'))).toBe(false);
    expect(cache.offer('d', body('d'))).toBe(true);
    expect(cache.offer('a', body('a'))).toBe(true);
  });
});
