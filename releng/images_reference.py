#!/usr/bin/env python3
"""An independent reader of the device code in a file, for checking and timing `gpumem images`.

Written from the container layouts in shared/notes/GPU-FACTS.md, not from gpumem's Java code, with
the Python standard library only. It lists what `gpumem images --json` lists (containers and their
entries, from headers only) as JSON on stdout:
  CUDA fatbins in .nv_fatbin / __nv_relfatbin (walked), clang offload bundles in .hip_fatbin
  (walked), and in every other allocated section a scan for the fatbin magic (version 1, header 16,
  payload inside the section, first entry header consistent), the bundle magic (entry table inside
  the section) and little-endian ELF64 headers with e_machine EM_CUDA (190) or EM_AMDGPU (224) whose
  header tables, sections and segments lie inside the section.
With --dump DIR it also writes each entry's payload as stored (FILE.N.bin, N as numbered in the
listing) and, for raw LZ4 blocks (fatbin flag 0x2000), the block decoded by its own LZ4 decoder
(FILE.N.out; an entry whose block does not decode gets "lz4Error" instead), so that a caller
can compare gpumem's --extract byte for byte.

usage: images_reference.py FILE [--dump DIR [--numbers FILE]]   (--numbers: only the entries listed there)
"""
import json
import mmap
import os
import struct
import sys

FATBIN_MAGIC = b"\x50\xed\x55\xba"
BUNDLE_MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
EM_CUDA, EM_AMDGPU = 190, 224
SHF_ALLOC, SHT_NOBITS = 0x2, 8


def sections(m):
    """(name, type, flags, offset, size) of every section of a little-endian ELF64 file."""
    if m[:4] != b"\x7fELF" or m[4] != 2 or m[5] != 1:
        return []
    shoff = struct.unpack_from("<Q", m, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", m, 0x3A)
    raw = [struct.unpack_from("<IIQQQQIIQQ", m, shoff + i * shentsize) for i in range(shnum)]
    strtab = raw[shstrndx][4]
    out = []
    for h in raw:
        start = strtab + h[0]
        out.append((m[start:m.find(b"\0", start)].decode(), h[1], h[2], h[4], h[5]))
    return out


def fatbin_plausible(m, at, end):
    if at + 16 > end or m[at:at + 4] != FATBIN_MAGIC:
        return False
    version, header, payload = struct.unpack_from("<HHQ", m, at + 4)
    return version == 1 and header == 16 and payload <= end - at - 16


def fatbin(m, at, end, strict):
    """A container dict and its size, or (None, 0) when (in a scan) the bytes are not one."""
    if not fatbin_plausible(m, at, end):
        if strict:
            raise ValueError("no fatbin container at 0x%x" % at)
        return None, 0
    _, header, payload = struct.unpack_from("<HHQ", m, at + 4)
    q, stop = at + header, at + header + payload
    if not strict and payload:
        if payload < 64:
            return None, 0
        marker, eh, padded = struct.unpack_from("<HIQ", m, q + 2)
        if marker != 0x0101 or eh < 64 or eh > 4096 or padded > payload - eh:
            return None, 0
    entries = []
    while q < stop:
        if stop - q < 64:
            break
        kind, _, eh, padded, csize = struct.unpack_from("<HHIQI", m, q)
        minor, major, arch = struct.unpack_from("<HHI", m, q + 24)
        flags, _, usize = struct.unpack_from("<QQQ", m, q + 40)
        if eh < 64 or eh + padded > stop - q:
            break
        compression = "ZSTD" if flags & 0x8000 else "LZ4" if flags & 0x2000 else "NONE"
        stored = padded if compression == "NONE" else csize
        size = (usize or padded) if compression == "NONE" else usize
        entries.append({"kind": kind, "offset": q + eh, "storedSize": stored, "size": size,
                        "compression": compression, "arch": arch, "version": "%d.%d" % (major, minor),
                        "debug": bool(flags & 2)})
        q += eh + padded
    return {"kind": "CUDA_FATBIN", "offset": at, "size": header + payload, "entries": entries}, header + payload


def bundle(m, at, end, strict):
    if m[at:at + 24] != BUNDLE_MAGIC or at + 32 > end:
        if strict:
            raise ValueError("no offload bundle at 0x%x" % at)
        return None, 0
    count = struct.unpack_from("<Q", m, at + 24)[0]
    if count > (end - at - 32) // 24:
        if strict:
            raise ValueError("bundle at 0x%x claims %d entries" % (at, count))
        return None, 0
    p, extent, entries = at + 32, 32, []
    for _ in range(count):
        if p + 24 > end:
            if strict:
                raise ValueError("bundle entry table at 0x%x runs past the end" % p)
            return None, 0
        offset, size, idlen = struct.unpack_from("<QQQ", m, p)
        if idlen > 4096 or p + 24 + idlen > end or offset + size > end - at:
            if strict:
                raise ValueError("bundle entry at 0x%x inconsistent" % p)
            return None, 0
        ident = m[p + 24:p + 24 + idlen].decode("utf-8", "replace")
        p += 24 + idlen
        extent = max(extent, p - at, offset + size)
        if size and not ident.startswith("host-"):
            entries.append({"id": ident, "offset": at + offset, "storedSize": size, "size": size,
                            "compression": "NONE"})
    return {"kind": "OFFLOAD_BUNDLE", "offset": at, "size": extent, "entries": entries}, extent


def compressed_bundle_size(m, at, end):
    version = struct.unpack_from("<H", m, at + 4)[0]
    if version == 2:
        return struct.unpack_from("<I", m, at + 8)[0]
    if version == 3:
        return struct.unpack_from("<Q", m, at + 8)[0]
    return end - at


def embedded_elf(m, at, end):
    """An embedded cubin or code object, or (None, 0)."""
    left = end - at
    if left < 64 or m[at + 4] != 2 or m[at + 5] != 1 or m[at + 6] != 1:
        return None, 0
    machine, version = struct.unpack_from("<HI", m, at + 18)
    phoff, shoff = struct.unpack_from("<QQ", m, at + 32)
    ehsize, phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHHH", m, at + 52)
    if version != 1 or machine not in (EM_CUDA, EM_AMDGPU) or ehsize != 64 or (shnum == 0 and phnum == 0):
        return None, 0
    extent = 64
    if shnum:
        if shentsize != 64 or shoff < 64 or shoff + shnum * 64 > left:
            return None, 0
        for i in range(shnum):
            stype, = struct.unpack_from("<I", m, at + shoff + i * 64 + 4)
            offset, size = struct.unpack_from("<QQ", m, at + shoff + i * 64 + 24)
            if stype in (0, SHT_NOBITS):
                continue
            if offset + size > left:
                return None, 0
            extent = max(extent, offset + size)
        extent = max(extent, shoff + shnum * 64)
    if phnum:
        if phentsize != 56 or phoff < 64 or phoff + phnum * 56 > left:
            return None, 0
        for i in range(phnum):
            offset, = struct.unpack_from("<Q", m, at + phoff + i * 56 + 8)
            size, = struct.unpack_from("<Q", m, at + phoff + i * 56 + 32)
            if offset + size > left:
                return None, 0
            extent = max(extent, offset + size)
        extent = max(extent, phoff + phnum * 56)
    entry = {"machine": machine, "offset": at, "storedSize": extent, "size": extent, "compression": "NONE"}
    return {"kind": "EMBEDDED_IMAGE", "offset": at, "size": extent, "entries": [entry]}, extent


def scan(m, start, end):
    """Validated candidates of the three magics, in offset order, each skipping what it covers."""
    found, p = [], start
    finders = ((FATBIN_MAGIC, lambda at: fatbin(m, at, end, False)),
               (b"\x7fELF", lambda at: embedded_elf(m, at, end)),
               (BUNDLE_MAGIC, lambda at: bundle(m, at, end, False)))
    nxt = {magic: m.find(magic, p, end) for magic, _ in finders}
    while True:
        live = [(at, magic, f) for (magic, f) in finders for at in [nxt[magic]] if at >= 0]
        if not live:
            return found
        at, magic, f = min(live, key=lambda t: t[0])
        container, size = f(at)
        if container:
            found.append(container)
            p = at + size
            for mg, _ in finders:
                if 0 <= nxt[mg] < p:
                    nxt[mg] = m.find(mg, p, end)
        else:
            nxt[magic] = m.find(magic, at + 1, end)


def walk(m, start, end, one):
    found, p = [], start
    while p < end:
        while p < end and m[p] == 0:
            p += 1
        if p >= end:
            break
        if m[p:p + 4] == b"CCOB":
            size = compressed_bundle_size(m, p, end)
            found.append({"kind": "COMPRESSED_OFFLOAD_BUNDLE", "offset": p, "size": size, "entries": []})
            p += size
            continue
        container, size = one(m, p, end, True)
        found.append(container)
        p += size if container["kind"] != "OFFLOAD_BUNDLE" else max(size, (size + 4095) & ~4095)
    return found


def catalog(m):
    out = []
    for name, stype, flags, offset, size in sections(m):
        if stype in (0, SHT_NOBITS) or size == 0:
            continue
        end = offset + size
        if name in (".nv_fatbin", "__nv_relfatbin"):
            found = walk(m, offset, end, fatbin)
        elif name == ".hip_fatbin":
            found = walk(m, offset, end, bundle)
        elif flags & SHF_ALLOC:
            found = scan(m, offset, end)
        else:
            continue
        for c in found:
            c["section"] = name
        out.extend(found)
    return out


def lz4_length(data, p, length):
    """An LZ4 length: the token's 4-bit field, extended by bytes while they are 255; and the position after."""
    if length == 15:
        while True:
            b = data[p]
            p += 1
            length += b
            if b != 255:
                break
    return length, p


def lz4_block(data, size):
    """Decodes a raw LZ4 block (no frame) that must expand to exactly `size` bytes."""
    out, p, n = bytearray(), 0, len(data)
    while p < n:
        token = data[p]
        lit, p = lz4_length(data, p + 1, token >> 4)
        out += data[p:p + lit]
        p += lit
        if p >= n:
            break
        offset = data[p] | data[p + 1] << 8
        p += 2
        match, p = lz4_length(data, p, token & 15)
        match += 4
        start = len(out) - offset
        if offset == 0 or start < 0:
            raise ValueError("lz4 offset %d before the start" % offset)
        for i in range(match):
            out.append(out[start + i])
    if len(out) != size:
        raise ValueError("lz4 block gives %d bytes, declared %d" % (len(out), size))
    return bytes(out)


def main(argv):
    path = argv[1]
    dump = argv[argv.index("--dump") + 1] if "--dump" in argv else None
    wanted = None
    if "--numbers" in argv:
        with open(argv[argv.index("--numbers") + 1]) as f:
            wanted = {int(n) for n in f.read().split()}
    with open(path, "rb") as fh:
        m = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        containers = catalog(m)
        number = 0
        for c in containers:
            for e in c["entries"]:
                number += 1
                e["number"] = number
                if dump and (wanted is None or number in wanted):
                    stored = m[e["offset"]:e["offset"] + e["storedSize"]]
                    base = os.path.join(dump, "%s.%d" % (os.path.basename(path), number))
                    with open(base + ".bin", "wb") as out:
                        out.write(stored)
                    if e["compression"] == "LZ4":
                        try:
                            decoded = lz4_block(stored, e["size"])
                        except (ValueError, IndexError) as x:
                            e["lz4Error"] = str(x) or "block ends inside a sequence"
                            continue
                        with open(base + ".out", "wb") as out:
                            out.write(decoded)
    json.dump({"file": path, "containers": containers}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv)
