package org.gpumem.dwarf.expr;

import java.util.List;

/**
 * A decoded DWARF expression: its operations in order and the encoding parameters they were
 * decoded with. Printing follows llvm-dwarfdump's notation (operations separated by ", ",
 * unsigned operands in hex, signed ones with a sign), adding a register's name in parentheses
 * when {@link RegisterNames} knows it, e.g. {@code DW_OP_regx 0x25726431 ("%rd1")}.
 */
public final class Expression {
    private final List<DwarfOp> ops;
    private final int size;
    private final int addressSize;
    private final String file;
    private final String section;
    private final long sectionOffset;

    Expression(List<DwarfOp> ops, int size, int addressSize, String file, String section, long sectionOffset) {
        this.ops = List.copyOf(ops);
        this.size = size;
        this.addressSize = addressSize;
        this.file = file;
        this.section = section;
        this.sectionOffset = sectionOffset;
    }

    /** File the expression was decoded from, for error messages. */
    public String file() {
        return file;
    }

    /** Section the expression was decoded from (null when it came from the file itself). */
    public String section() {
        return section;
    }

    /** Offset of the expression's first byte in {@link #section()}. */
    public long sectionOffset() {
        return sectionOffset;
    }

    public List<DwarfOp> ops() {
        return ops;
    }

    public boolean isEmpty() {
        return ops.isEmpty();
    }

    /** Encoded size in bytes. */
    public int size() {
        return size;
    }

    /** Address size of the unit the expression was decoded for (size of generic stack values). */
    public int addressSize() {
        return addressSize;
    }

    /** Index in {@link #ops()} of the op starting at byte offset {@code offset}, or -1. */
    public int indexAt(long offset) {
        int lo = 0, hi = ops.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int o = ops.get(mid).offset();
            if (o == offset) {
                return mid;
            }
            if (o < offset) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return format(RegisterNames.NONE, BaseTypeNames.UNRESOLVED);
    }

    public String format(RegisterNames registers, BaseTypeNames baseTypes) {
        StringBuilder out = new StringBuilder();
        appendTo(out, registers, baseTypes);
        return out.toString();
    }

    void appendTo(StringBuilder out, RegisterNames registers, BaseTypeNames baseTypes) {
        for (int i = 0; i < ops.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            appendOp(out, ops.get(i), registers, baseTypes);
        }
    }

    /** One operation in llvm-dwarfdump's notation. */
    public static String format(DwarfOp op, RegisterNames registers, BaseTypeNames baseTypes) {
        StringBuilder out = new StringBuilder();
        appendOp(out, op, registers, baseTypes);
        return out.toString();
    }

    private static void appendOp(StringBuilder out, DwarfOp op, RegisterNames registers, BaseTypeNames baseTypes) {
        out.append(op.name());
        if (registers.replacesNumber() && appendNamedRegister(out, op, registers, baseTypes)) {
            return;
        }
        OperandEncoding[] kinds = op.operation().operands();
        for (int i = 0; i < kinds.length; i++) {
            long value = op.operands()[i];
            switch (kinds[i]) {
                case BLOCK:
                    for (byte b : op.block()) {
                        out.append(String.format(" 0x%02x", b & 0xff));
                    }
                    break;
                case NESTED_EXPRESSION:
                    out.append('(');
                    op.nested().appendTo(out, registers, baseTypes);
                    out.append(')');
                    break;
                case BASE_TYPE:
                    if (op.operation() == Operation.CONVERT && value == 0) {
                        out.append(" 0x0");
                    } else {
                        out.append(' ').append(baseTypes.describe(value));
                    }
                    break;
                default:
                    if (kinds[i].signed()) {
                        out.append(' ').append(value >= 0 ? "+" : "").append(value);
                    } else {
                        out.append(" 0x").append(Long.toHexString(value));
                    }
            }
        }
        if (!registers.replacesNumber() && isRegisterOp(op.operation())) {
            String name = registers.name(op.index());
            if (name != null) {
                out.append(" (\"").append(name).append("\")");
            }
        }
    }

    /** llvm-dwarfdump's form: {@code DW_OP_regx SGPR33}, {@code DW_OP_breg7 RSP+8}, {@code DW_OP_bregx RBP-16}. */
    private static boolean appendNamedRegister(StringBuilder out, DwarfOp op, RegisterNames registers, BaseTypeNames baseTypes) {
        Operation o = op.operation();
        if (o != Operation.REG && o != Operation.REGX && o != Operation.BREG && o != Operation.BREGX
                && o != Operation.REGVAL_TYPE) {
            return false;
        }
        String name = registers.name(op.index());
        if (name == null) {
            return false;
        }
        out.append(' ').append(name);
        if (o == Operation.BREG || o == Operation.BREGX) {
            long disp = op.operands()[o == Operation.BREG ? 0 : 1];
            out.append(disp >= 0 ? "+" : "").append(disp);
        } else if (o == Operation.REGVAL_TYPE) {
            out.append(' ').append(baseTypes.describe(op.operands()[1]));
        }
        return true;
    }

    private static boolean isRegisterOp(Operation op) {
        switch (op) {
            case REG: case BREG: case REGX: case BREGX: case REGVAL_TYPE: case GNU_REGVAL_TYPE:
            case ASPACE_BREGX: case LLVM_ASPACE_BREGX: case LLVM_CALL_FRAME_ENTRY_REG:
                return true;
            default:
                return false;
        }
    }
}
