package org.gpumem.dwarf.expr;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Decodes DWARF expression bytes into {@link Expression}s for one unit's encoding (DWARF
 * version, address size, 32- or 64-bit offsets) and one set of address-space encodings.
 * Unknown opcodes and truncated operands raise {@link InputFormatException} naming the byte
 * offset of the operation.
 */
public final class ExpressionDecoder {
    /** Entry values nest expressions; deeper nesting than this is hostile input. */
    private static final int MAX_NESTING = 8;

    private final OpcodeTable table;
    private final int version;
    private final int addressSize;
    private final int offsetSize;

    public ExpressionDecoder(OpcodeTable table, int version, int addressSize, int offsetSize) {
        if (addressSize != 1 && addressSize != 2 && addressSize != 4 && addressSize != 8) {
            throw new IllegalArgumentException("address size " + addressSize);
        }
        if (offsetSize != 4 && offsetSize != 8) {
            throw new IllegalArgumentException("offset size " + offsetSize);
        }
        this.table = table;
        this.version = version;
        this.addressSize = addressSize;
        this.offsetSize = offsetSize;
    }

    public ExpressionDecoder(AddressSpaceEncodings encodings, int version, int addressSize, int offsetSize) {
        this(new OpcodeTable(encodings), version, addressSize, offsetSize);
    }

    public OpcodeTable table() {
        return table;
    }

    public int addressSize() {
        return addressSize;
    }

    /** Decodes all remaining bytes of {@code reader} (a block form's contents, a location list entry). */
    public Expression decode(ByteReader reader) {
        return decode(reader, 0);
    }

    /** Decodes a standalone byte array; errors name {@code file} and {@code section}. */
    public Expression decode(String file, String section, byte[] bytes, ByteOrder order) {
        return decode(new ByteReader(file, section, ByteBuffer.wrap(bytes).order(order)));
    }

    private Expression decode(ByteReader r, int nesting) {
        int start = r.position();
        List<DwarfOp> ops = new ArrayList<>();
        while (r.hasRemaining()) {
            ops.add(decodeOp(r, start, nesting));
        }
        return new Expression(ops, r.position() - start, addressSize, r.file(), r.section(), r.base() + start);
    }

    private DwarfOp decodeOp(ByteReader r, int start, int nesting) {
        int at = r.position();
        int opcode = r.u8();
        long sub = -1;
        Operation op;
        if (opcode == OpcodeTable.DW_OP_LLVM_USER) {
            sub = r.uleb();
            op = OpcodeTable.userSubOperation(sub);
            if (op == null) {
                throw r.fail(at, "unknown DW_OP_LLVM_user sub-operation 0x" + Long.toHexString(sub));
            }
        } else {
            op = table.operation(opcode);
            if (op == null) {
                throw r.fail(at, "unknown DWARF operation 0x" + Integer.toHexString(opcode));
            }
        }
        OperandEncoding[] kinds = op.operands();
        long[] values = new long[kinds.length];
        byte[] block = null;
        Expression nested = null;
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case U8: values[i] = r.u8(); break;
                case S8: values[i] = r.s8(); break;
                case U16: values[i] = r.u16(); break;
                case S16: values[i] = (short) r.u16(); break;
                case U32: values[i] = r.u32(); break;
                case S32: values[i] = r.s32(); break;
                case U64: case S64: values[i] = r.u64(); break;
                case ULEB: case BASE_TYPE: values[i] = r.uleb(); break;
                case SLEB: values[i] = r.sleb(); break;
                case ADDRESS: values[i] = r.unsigned(addressSize); break;
                case SECTION_OFFSET: values[i] = r.unsigned(offsetSize); break;
                case REF_ADDR: values[i] = r.unsigned(version <= 2 ? addressSize : offsetSize); break;
                case BLOCK: {
                    long length = values[i - 1];
                    if (length < 0 || length > r.remaining()) {
                        throw r.fail(at, op.dwarfName() + " block of " + Long.toUnsignedString(length)
                                + " bytes exceeds the " + r.remaining() + " left");
                    }
                    block = r.bytes(length);
                    values[i] = length;
                    break;
                }
                case NESTED_EXPRESSION: {
                    long length = r.uleb();
                    if (length < 0 || length > r.remaining()) {
                        throw r.fail(at, op.dwarfName() + " expression of " + Long.toUnsignedString(length)
                                + " bytes exceeds the " + r.remaining() + " left");
                    }
                    if (nesting >= MAX_NESTING) {
                        throw r.fail(at, op.dwarfName() + " nested more than " + MAX_NESTING + " deep");
                    }
                    nested = decode(r.sub(length), nesting + 1);
                    values[i] = length;
                    break;
                }
                default:
                    throw new IllegalStateException(kinds[i].toString());
            }
        }
        return new DwarfOp(at - start, r.position() - at, opcode, sub, op, values, block, nested);
    }
}
