package org.gpumem.dwarf.expr;

import java.util.HexFormat;
import java.util.List;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;

/** A DWARF location description: where the bits of an object are. */
public sealed interface LocationDescription {

    /** The kind name the CLI and JSON output use. */
    String kind();

    /**
     * Memory: the proposal's three components. The offset is already truncated or zero-extended
     * to the space's address size; {@code bitOffset} (0..7 after normalisation) comes from
     * DW_OP_LLVM_bit_offset.
     */
    record Memory(DwarfAddressSpace space, ContextBinding binding, long offset, int bitOffset) implements LocationDescription {
        public Memory {
            offset = space.fit(offset);
        }

        public Memory(DwarfAddressSpace space, ContextBinding binding, long offset) {
            this(space, binding, offset, 0);
        }

        @Override
        public String kind() {
            return "memory";
        }

        @Override
        public String toString() {
            return space.name() + ":0x" + Long.toHexString(offset) + (bitOffset != 0 ? "." + bitOffset : "")
                    + (binding.scope().contextDependent() ? " [" + binding + "]" : "");
        }
    }

    /** A register, by DWARF number, with its name where known (PTX names for nvcc). */
    record Register(long number, String name, long bitOffset) implements LocationDescription {
        @Override
        public String kind() {
            return "register";
        }

        @Override
        public String toString() {
            return "register " + (name != null ? name : "0x" + Long.toHexString(number))
                    + (bitOffset != 0 ? " bit " + bitOffset : "");
        }
    }

    /** The object has no storage; its value is these bytes (DW_OP_implicit_value, DW_OP_stack_value). */
    record ImplicitValue(byte[] bytes) implements LocationDescription {
        public ImplicitValue {
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public String kind() {
            return "implicit";
        }

        @Override
        public String toString() {
            return "value 0x" + HexFormat.of().formatHex(bytes);
        }
    }

    /** A pointer that was optimised away, pointing {@code offset} bytes into the DIE at {@code dieOffset}. */
    record ImplicitPointer(long dieOffset, long offset) implements LocationDescription {
        @Override
        public String kind() {
            return "implicit";
        }

        @Override
        public String toString() {
            return "implicit pointer to DIE 0x" + Long.toHexString(dieOffset) + (offset >= 0 ? "+" : "") + offset;
        }
    }

    /** Pieces of other locations, in order of increasing bit position in the object. */
    record Composite(List<Piece> pieces) implements LocationDescription {
        public Composite {
            pieces = List.copyOf(pieces);
        }

        public long sizeInBits() {
            return pieces.stream().mapToLong(Piece::sizeInBits).sum();
        }

        @Override
        public String kind() {
            return "composite";
        }

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder("composite{");
            for (int i = 0; i < pieces.size(); i++) {
                out.append(i > 0 ? ", " : "").append(pieces.get(i));
            }
            return out.append('}').toString();
        }
    }

    /** {@code sizeInBits} bits of {@code location}, starting {@code bitOffset} bits into it. */
    record Piece(LocationDescription location, long sizeInBits, long bitOffset) {
        @Override
        public String toString() {
            return sizeInBits + " bits" + (bitOffset != 0 ? " at bit " + bitOffset : "") + " in " + location;
        }
    }

    /** The object's value is not available (an empty expression, a missing piece, DW_OP_LLVM_undefined). */
    record Undefined() implements LocationDescription {
        @Override
        public String kind() {
            return "none";
        }

        @Override
        public String toString() {
            return "undefined";
        }
    }

    Undefined UNDEFINED = new Undefined();
}
