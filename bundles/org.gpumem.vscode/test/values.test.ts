import assert from 'node:assert/strict';
import { test } from 'node:test';
import { address, decode, sizeOf, VALUE_TYPES } from '../src/view/values';

// Bytes from a fixed linear congruential generator, so every type meets negative and large values.
function bytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

test('integers decode as Node\'s Buffer reads them, little-endian', () => {
  const data = bytes(64, 7);
  const buffer = Buffer.from(data);
  for (let at = 0; at + 8 <= data.length; at++) {
    assert.equal(decode(data, at, 'u8'), String(buffer.readUInt8(at)));
    assert.equal(decode(data, at, 's8'), String(buffer.readInt8(at)));
    assert.equal(decode(data, at, 'u16'), String(buffer.readUInt16LE(at)));
    assert.equal(decode(data, at, 's16'), String(buffer.readInt16LE(at)));
    assert.equal(decode(data, at, 'u32'), String(buffer.readUInt32LE(at)));
    assert.equal(decode(data, at, 's32'), String(buffer.readInt32LE(at)));
    assert.equal(decode(data, at, 'u64'), buffer.readBigUInt64LE(at).toString());
    assert.equal(decode(data, at, 's64'), buffer.readBigInt64LE(at).toString());
    assert.equal(decode(data, at, 'hex32'), '0x' + buffer.readUInt32LE(at).toString(16).padStart(8, '0'));
  }
});

test('floats print text that reads back as the same value', () => {
  const data = new Uint8Array(16);
  const buffer = Buffer.from(data.buffer);
  for (const value of [0.1, -2.5, 1e-30, 3.4028234663852886e38, 1 / 3, 123456.789]) {
    buffer.writeFloatLE(value, 0);
    buffer.writeDoubleLE(value, 8);
    const f32 = decode(new Uint8Array(buffer), 0, 'f32')!;
    const f64 = decode(new Uint8Array(buffer), 8, 'f64')!;
    assert.equal(Math.fround(Number(f32)), buffer.readFloatLE(0), `f32 ${f32}`);
    assert.equal(Number(f64), value, `f64 ${f64}`);
  }
  buffer.writeFloatLE(NaN, 0);
  assert.equal(decode(new Uint8Array(buffer), 0, 'f32'), 'NaN');
});

test('a value with an unreadable byte or past the end has no text', () => {
  const data = bytes(8, 1);
  const readable = [true, true, true, false, true, true, true, true];
  assert.equal(decode(data, 0, 'u32', readable), undefined);
  assert.equal(decode(data, 4, 'u32', readable), String(Buffer.from(data).readUInt32LE(4)));
  for (const type of VALUE_TYPES) {
    assert.equal(decode(data, 8 - sizeOf(type) + 1, type), undefined, type);
  }
});

test('offsets print in the width of their space', () => {
  assert.equal(address(0x40n, 32), '0x00000040');
  assert.equal(address(0x7f0000001000n, 64), '0x00007f0000001000');
});
