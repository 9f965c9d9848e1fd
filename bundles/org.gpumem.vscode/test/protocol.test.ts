import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatReference, laneContext, parseReference } from '../src/view/protocol';

test('memory references name space, context and offset, and read back', () => {
  const cases = [
    { space: 'shared', context: 'CTA (1,0,0)', offset: 0x40n, text: 'shared [CTA (1,0,0)] +0x40' },
    { space: 'local', context: laneContext('CTA (0,2,0) warp 3', 17), offset: 0n, text: 'local [CTA (0,2,0) warp 3 lane 17] +0x0' },
    { space: 'global', context: 'device', offset: 0x7f0000001000n, text: 'global [device] +0x7f0000001000' },
  ];
  for (const c of cases) {
    assert.equal(formatReference(c), c.text);
    assert.deepEqual(parseReference(c.text), { space: c.space, context: c.context, offset: c.offset });
  }
});

test('references in other notations are not gpumem\'s', () => {
  for (const text of ['0x1000', 'shared+0x40', 'shared [CTA (1,0,0)]', 'shared [CTA (1,0,0)] +40', '']) {
    assert.equal(parseReference(text), undefined, text);
  }
  assert.throws(() => formatReference({ space: 'shared', context: 'CTA (0,0,0)', offset: -1n }), RangeError);
});
