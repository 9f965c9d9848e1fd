package org.gpumem.dwarf.info;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.io.ByteReader;

/**
 * Call frame information from .debug_frame or .eh_frame, as far as a frame base of
 * DW_OP_call_frame_cfa needs it: the CIEs and FDEs, and the CFA rule in effect at a PC (a
 * register plus offset, or a DW_CFA_def_cfa_expression). Register rules are decoded (so every
 * instruction's operands are checked) but not kept.
 */
public final class CallFrameInfo {
    /** How to compute the CFA at a PC: {@code register + offset}, or {@code expression} when not null. */
    public record CfaRule(long register, long offset, ByteBuffer expression, long expressionOffset) {
    }

    /** One frame description entry: the PC range it covers. */
    public record Fde(long offset, long low, long high, Cie cie, long instructions, long end) {
    }

    /** One common information entry. */
    public record Cie(long offset, int version, String augmentation, int addressSize, long codeAlign, long dataAlign,
            long returnRegister, int fdeEncoding, long instructions, long end) {
    }

    private static final int DW_EH_PE_OMIT = 0xff;

    private final Section section;
    private final boolean eh;
    private final long sectionAddress;
    private final int addressSize;
    private final List<Fde> fdes;

    private CallFrameInfo(Section section, boolean eh, long sectionAddress, int addressSize) {
        this.section = section;
        this.eh = eh;
        this.sectionAddress = sectionAddress;
        this.addressSize = addressSize;
        this.fdes = Collections.unmodifiableList(parse());
    }

    /** The .debug_frame of {@code dwarf}, or null when it has none. */
    public static CallFrameInfo debugFrame(DwarfFile dwarf, int addressSize) {
        Section s = dwarf.section(DwarfFile.DEBUG_FRAME);
        return s == null ? null : new CallFrameInfo(s, false, 0, addressSize);
    }

    /** The .eh_frame of {@code dwarf}, or null when it has none. */
    public static CallFrameInfo ehFrame(DwarfFile dwarf, int addressSize) {
        Section s = dwarf.section(DwarfFile.EH_FRAME);
        return s == null ? null : new CallFrameInfo(s, true, dwarf.source().sectionAddress(DwarfFile.EH_FRAME), addressSize);
    }

    public List<Fde> fdes() {
        return fdes;
    }

    private List<Fde> parse() {
        ByteReader r = section.reader();
        Map<Long, Cie> cies = new HashMap<>();
        List<Fde> out = new ArrayList<>();
        while (r.remaining() >= 4) {
            long start = r.position();
            long length = r.u32();
            boolean dwarf64 = false;
            if (length == 0xffffffffL) {
                length = r.u64();
                dwarf64 = true;
            }
            if (length == 0) {
                if (eh) {
                    break;
                }
                continue;
            }
            if (length < 0 || length > r.remaining()) {
                throw r.fail(start, "frame entry length 0x" + Long.toHexString(length) + " exceeds the section");
            }
            long idAt = r.position();
            ByteReader e = r.sub(length);
            long id = dwarf64 ? e.u64() : e.u32();
            boolean isCie = eh ? id == 0 : (dwarf64 ? id == -1L : id == 0xffffffffL);
            if (isCie) {
                cies.put(start, cie(e, start, r.position()));
                continue;
            }
            long cieOffset = eh ? idAt - id : id;
            Cie cie = cies.get(cieOffset);
            if (cie == null) {
                if (cieOffset < 0 || cieOffset >= r.size()) {
                    throw e.fail(0, "FDE names CIE at 0x" + Long.toHexString(cieOffset) + " outside the section");
                }
                cie = cieAt(cieOffset);
                cies.put(cieOffset, cie);
            }
            long low;
            long range;
            if (eh) {
                low = pointer(e, cie.fdeEncoding());
                range = pointer(e, cie.fdeEncoding() & 0x0f);
                if (cie.augmentation().startsWith("z")) {
                    e.skip(e.uleb());
                }
            } else {
                low = e.unsigned(cie.addressSize());
                range = e.unsigned(cie.addressSize());
            }
            out.add(new Fde(start, low, low + range, cie, e.offset(), r.position()));
        }
        return out;
    }

    private Cie cieAt(long offset) {
        ByteReader r = section.reader().seek(offset);
        long length = r.u32();
        boolean dwarf64 = length == 0xffffffffL;
        if (dwarf64) {
            length = r.u64();
        }
        if (length <= 0 || length > r.remaining()) {
            throw r.fail(offset, "CIE length 0x" + Long.toHexString(length) + " exceeds the section");
        }
        ByteReader e = r.sub(length);
        long id = dwarf64 ? e.u64() : e.u32();
        if (eh ? id != 0 : id != (dwarf64 ? -1L : 0xffffffffL)) {
            throw r.fail(offset, "no CIE at 0x" + Long.toHexString(offset));
        }
        return cie(e, offset, r.position());
    }

    private Cie cie(ByteReader e, long start, long end) {
        int version = e.u8();
        if (version != 1 && version != 3 && version != 4) {
            throw e.fail(e.position() - 1, "unsupported CIE version " + version);
        }
        String aug = e.cstring();
        int as = addressSize;
        if (version >= 4) {
            as = e.u8();
            e.u8();
            if (as != 2 && as != 4 && as != 8) {
                throw e.fail(e.position() - 2, "CIE address size " + as);
            }
        }
        long codeAlign = e.uleb();
        long dataAlign = e.sleb();
        long ra = version == 1 ? e.u8() : e.uleb();
        int fdeEncoding = 0;
        if (aug.startsWith("z")) {
            long augLength = e.uleb();
            ByteReader a = e.sub(augLength);
            for (int i = 1; i < aug.length(); i++) {
                switch (aug.charAt(i)) {
                    case 'R' -> fdeEncoding = a.u8();
                    case 'L' -> a.u8();
                    case 'P' -> {
                        int enc = a.u8();
                        pointer(a, enc & 0x7f);
                    }
                    default -> { }
                }
            }
        }
        return new Cie(start, version, aug, as, codeAlign, dataAlign, ra, fdeEncoding, e.offset(), end);
    }

    /** A DW_EH_PE-encoded pointer. */
    private long pointer(ByteReader r, int encoding) {
        if (encoding == DW_EH_PE_OMIT) {
            return 0;
        }
        long place = sectionAddress + r.offset();
        long v = switch (encoding & 0x0f) {
            case 0x00 -> r.unsigned(addressSize);
            case 0x01 -> r.uleb();
            case 0x02 -> r.u16();
            case 0x03 -> r.u32();
            case 0x04 -> r.u64();
            case 0x09 -> r.sleb();
            case 0x0a -> r.signed(2);
            case 0x0b -> r.signed(4);
            case 0x0c -> r.u64();
            default -> throw r.fail(r.position(), "unsupported pointer encoding 0x" + Integer.toHexString(encoding));
        };
        return switch (encoding & 0x70) {
            case 0x00 -> v;
            case 0x10 -> v + place;
            default -> throw r.fail(r.position(), "unsupported pointer application 0x" + Integer.toHexString(encoding));
        };
    }

    /** The FDE covering {@code pc}, or null. */
    public Fde fdeAt(long pc) {
        for (Fde f : fdes) {
            if (Long.compareUnsigned(pc, f.low()) >= 0 && Long.compareUnsigned(pc, f.high()) < 0) {
                return f;
            }
        }
        return null;
    }

    /** The CFA rule at {@code pc}, or null when no FDE covers it or its CIE defines no CFA. */
    public CfaRule cfaAt(long pc) {
        Fde f = fdeAt(pc);
        return f == null ? null : cfaAt(f, pc);
    }

    /**
     * The CFA rule at {@code pc} within FDE {@code f}: where functions overlap in address (each
     * cubin function, and each section of a relocatable object, starts at 0) the caller chooses
     * the FDE.
     */
    public CfaRule cfaAt(Fde f, long pc) {
        State s = new State();
        run(s, f.cie(), f.cie().instructions(), f.cie().end(), f.low(), Long.MAX_VALUE);
        run(s, f.cie(), f.instructions(), f.end(), f.low(), pc);
        return s.defined ? new CfaRule(s.register, s.offset, s.expression, s.expressionOffset) : null;
    }

    private static final class State {
        boolean defined;
        long register;
        long offset;
        ByteBuffer expression;
        long expressionOffset;

        State copy() {
            State c = new State();
            c.defined = defined;
            c.register = register;
            c.offset = offset;
            c.expression = expression;
            c.expressionOffset = expressionOffset;
            return c;
        }
    }

    private void run(State s, Cie cie, long from, long to, long location, long pc) {
        ByteReader r = section.reader().subAt(from, to - from);
        Deque<State> stack = new ArrayDeque<>();
        long loc = location;
        while (r.hasRemaining()) {
            int op = r.u8();
            int high = op & 0xc0;
            long advance = -1;
            if (high == 0x40) {
                advance = op & 0x3f;
            } else if (high == 0x80) {
                r.uleb();
            } else if (high == 0xc0) {
                // DW_CFA_restore: a register rule
            } else {
                switch (op) {
                    case 0x00 -> { }
                    case 0x01 -> {
                        long target = r.unsigned(cie.addressSize());
                        if (Long.compareUnsigned(target, pc) > 0) {
                            return;
                        }
                        loc = target;
                    }
                    case 0x02 -> advance = r.u8();
                    case 0x03 -> advance = r.u16();
                    case 0x04 -> advance = r.u32();
                    case 0x05, 0x09, 0x14 -> {
                        r.uleb();
                        r.uleb();
                    }
                    case 0x06, 0x07, 0x08 -> r.uleb();
                    case 0x0a -> {
                        if (stack.size() > 1024) {
                            throw r.fail(r.position() - 1, "DW_CFA_remember_state nested too deep");
                        }
                        stack.push(s.copy());
                    }
                    case 0x0b -> {
                        if (stack.isEmpty()) {
                            throw r.fail(r.position() - 1, "DW_CFA_restore_state without remember_state");
                        }
                        State t = stack.pop();
                        s.defined = t.defined;
                        s.register = t.register;
                        s.offset = t.offset;
                        s.expression = t.expression;
                        s.expressionOffset = t.expressionOffset;
                    }
                    case 0x0c -> {
                        s.register = r.uleb();
                        s.offset = r.uleb();
                        s.expression = null;
                        s.defined = true;
                    }
                    case 0x0d -> {
                        s.register = r.uleb();
                        s.expression = null;
                        s.defined = true;
                    }
                    case 0x0e -> s.offset = r.uleb();
                    case 0x0f -> {
                        long len = r.uleb();
                        s.expressionOffset = r.offset();
                        s.expression = r.slice(len);
                        s.defined = true;
                    }
                    case 0x10, 0x16 -> {
                        r.uleb();
                        r.skip(r.uleb());
                    }
                    case 0x11, 0x15 -> {
                        r.uleb();
                        r.sleb();
                    }
                    case 0x12 -> {
                        s.register = r.uleb();
                        s.offset = r.sleb() * cie.dataAlign();
                        s.expression = null;
                        s.defined = true;
                    }
                    case 0x13 -> s.offset = r.sleb() * cie.dataAlign();
                    case 0x2d -> { }
                    case 0x2e -> r.uleb();
                    case 0x2f -> {
                        r.uleb();
                        r.uleb();
                    }
                    default -> throw r.fail(r.position() - 1, "unknown call frame instruction 0x" + Integer.toHexString(op));
                }
            }
            if (advance >= 0) {
                long next = loc + advance * cie.codeAlign();
                if (Long.compareUnsigned(next, pc) > 0) {
                    return;
                }
                loc = next;
            }
        }
    }
}
