import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChangeTracker } from '../src/view/changes';

const all = (n: number) => new Array<boolean>(n).fill(true);

test('bytes are compared with the previous stop, and a re-read at the same stop keeps the changes', () => {
  const t = new ChangeTracker();
  assert.deepEqual(t.observe('a', 1, Uint8Array.of(1, 2, 3, 4), all(4)), [false, false, false, false]);
  assert.deepEqual(t.observe('a', 2, Uint8Array.of(1, 9, 3, 8), all(4)), [false, true, false, true]);
  assert.deepEqual(t.observe('a', 2, Uint8Array.of(1, 9, 3, 8), all(4)), [false, true, false, true]);
  assert.deepEqual(t.observe('a', 3, Uint8Array.of(1, 9, 3, 8), all(4)), [false, false, false, false]);
});

test('ranges are kept apart, and unreadable bytes never count as changed', () => {
  const t = new ChangeTracker();
  t.observe('a', 1, Uint8Array.of(1, 2), all(2));
  t.observe('b', 1, Uint8Array.of(5, 5), [true, false]);
  assert.deepEqual(t.observe('b', 2, Uint8Array.of(6, 6), all(2)), [true, false]);
  assert.deepEqual(t.observe('a', 2, Uint8Array.of(1, 3), [true, false]), [false, false]);
  t.clear();
  assert.deepEqual(t.observe('a', 3, Uint8Array.of(0, 0), all(2)), [false, false]);
});
