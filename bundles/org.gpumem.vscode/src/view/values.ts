// Typed reading of little-endian bytes: the typed columns of the address-space table and the
// cells of the lanes grid (the element types of the Eclipse address-space table).

export type ValueType = 'u8' | 'u16' | 'u32' | 'u64' | 's8' | 's16' | 's32' | 's64' | 'f32' | 'f64' | 'hex32';

export const VALUE_TYPES: readonly ValueType[] = ['u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64', 'f32', 'f64', 'hex32'];

export function sizeOf(type: ValueType): number {
  switch (type) {
    case 'u8': case 's8': return 1;
    case 'u16': case 's16': return 2;
    case 'u32': case 's32': case 'f32': case 'hex32': return 4;
    case 'u64': case 's64': case 'f64': return 8;
  }
}

/**
 * The value of `type` at `offset` of `bytes`, little-endian, as text; undefined when any of its
 * bytes is unreadable (`readable[i]` false) or lies past the end.
 */
export function decode(bytes: Uint8Array, offset: number, type: ValueType, readable?: readonly boolean[]): string | undefined {
  const size = sizeOf(type);
  if (offset < 0 || offset + size > bytes.length) {
    return undefined;
  }
  if (readable) {
    for (let i = offset; i < offset + size; i++) {
      if (!readable[i]) {
        return undefined;
      }
    }
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, size);
  switch (type) {
    case 'u8': return String(view.getUint8(0));
    case 's8': return String(view.getInt8(0));
    case 'u16': return String(view.getUint16(0, true));
    case 's16': return String(view.getInt16(0, true));
    case 'u32': return String(view.getUint32(0, true));
    case 's32': return String(view.getInt32(0, true));
    case 'u64': return view.getBigUint64(0, true).toString();
    case 's64': return view.getBigInt64(0, true).toString();
    case 'f32': return formatFloat(view.getFloat32(0, true), 9);
    case 'f64': return formatFloat(view.getFloat64(0, true), 17);
    case 'hex32': return '0x' + view.getUint32(0, true).toString(16).padStart(8, '0');
  }
}

/** Shortest text that reads back as the same float of `digits` significant digits at most. */
function formatFloat(value: number, digits: number): string {
  if (!Number.isFinite(value)) {
    return String(value);
  }
  for (let p = 1; p < digits; p++) {
    const text = value.toPrecision(p);
    if (Number(text) === value || (digits === 9 && Math.fround(Number(text)) === value)) {
      return String(Number(text));
    }
  }
  return String(Number(value.toPrecision(digits)));
}

/** Two hex digits per byte, `??` where unreadable. */
export function hexByte(value: number, readable = true): string {
  return readable ? value.toString(16).padStart(2, '0') : '??';
}

/** An offset in a space printed in the space's width (`addressBits / 4` hex digits). */
export function address(offset: bigint, addressBits: number): string {
  const digits = Math.max(1, Math.ceil(addressBits / 4));
  return '0x' + offset.toString(16).padStart(digits, '0');
}
