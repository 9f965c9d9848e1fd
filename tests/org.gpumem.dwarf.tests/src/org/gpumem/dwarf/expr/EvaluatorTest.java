package org.gpumem.dwarf.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.aspace.StorageScope;
import org.gpumem.dwarf.aspace.DeviceFamily;
import org.gpumem.dwarf.info.ListEntry;
import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Evaluation of the hand-made fixture's locations in an AMDGPU (LLVM 22 numbering) context. */
class EvaluatorTest {
    private static final long LOCAL = 3, PRIVATE_LANE = 5, PRIVATE_WAVE = 6;

    private static HandmadeFixture fixture;
    private static AddressSpaceNumbering numbering;
    private RecordingContext context = new RecordingContext(numbering);

    @BeforeAll
    static void load() throws IOException {
        fixture = new HandmadeFixture(AddressSpaceEncodings.DEFAULTS);
        numbering = AddressSpaceRegistry.numbering(DeviceFamily.AMDGPU, Producer.parse(fixture.unit.producer()), 8);
    }

    private LocationDescription eval(String variable) {
        return new Evaluator(context, true).evaluate(fixture.locations.get(variable));
    }

    private static DwarfAddressSpace space(long id) {
        return numbering.resolve(NumberKind.ADDRESS_SPACE, id);
    }

    private static LocationDescription.Memory memory(long space, long offset) {
        DwarfAddressSpace s = space(space);
        long lane = s.scope() == StorageScope.LANE ? RecordingContext.LANE : -1;
        long warp = s.scope() == StorageScope.LANE || s.scope() == StorageScope.WARP ? RecordingContext.WARP : -1;
        long group = s.scope() == StorageScope.DEVICE ? -1 : RecordingContext.WORK_GROUP;
        return new LocationDescription.Memory(s, new ContextBinding(s.scope(), group, warp, lane, -1), offset);
    }

    @Test
    void memAndFormAspaceAddressGiveTheSameLocation() {
        LocationDescription.Memory expected = memory(LOCAL, 0x40);
        assertEquals(expected, eval("mem_local"));
        assertEquals(expected, eval("form_aspace_local"));
        assertEquals("local", ((LocationDescription.Memory) eval("mem_local")).space().name());
        assertEquals(StorageScope.WORK_GROUP, ((LocationDescription.Memory) eval("mem_local")).binding().scope());
    }

    @Test
    void memWithTheOtherDraftsOperandOrder() {
        Expression e = fixture.locations.get("mem_space_on_top");
        assertEquals(memory(LOCAL, 0x40), new Evaluator(context, false).evaluate(e));
        // Decoded with the seed's order, the same bytes mean offset 3 in space 0x40 (unknown).
        LocationDescription.Memory swapped = (LocationDescription.Memory) new Evaluator(context, true).evaluate(e);
        assertEquals(0x40, swapped.space().id());
        assertEquals(3, swapped.offset());
    }

    @Test
    void memTruncatesTheOffsetToTheSpacesAddressSize() {
        long offset = 0x1234567800000040L;
        LocationDescription.Memory m = (LocationDescription.Memory) eval("mem_truncated");
        assertEquals(4, m.space().addressSize());
        assertEquals(offset & 0xffffffffL, m.offset());
        assertEquals(memory(LOCAL, 0x40), m);
    }

    @Test
    void memInTheDefaultSpaceIsWhatDwOpAddrGives() {
        LocationDescription.Memory m = (LocationDescription.Memory) eval("mem_default");
        assertEquals(numbering.defaultSpace(), m.space());
        assertEquals(ContextBinding.DEVICE, m.binding());
        assertEquals(0x2000, m.offset());
    }

    @Test
    void aspaceBregxAddsTheDisplacementToTheRegister() {
        assertEquals(memory(PRIVATE_LANE, (RecordingContext.register(4) - 8) & 0xffffffffL), eval("aspace_bregx"));
        assertEquals(memory(PRIVATE_LANE, RecordingContext.register(4) + 16), eval("llvm_aspace_bregx"));
    }

    @Test
    void aspaceDerefReadsWhatMemThenDerefReads() {
        String[][] pairs = {{"aspace_deref", "mem_deref"}, {"aspace_deref_size", "mem_deref_size"},
            {"aspace_deref_type", "mem_deref_type"}};
        for (String[] pair : pairs) {
            context.reads.clear();
            LocationDescription viaAspace = eval(pair[0]);
            List<LocationDescription.Memory> aspaceReads = new ArrayList<>(context.reads);
            context.reads.clear();
            LocationDescription viaMem = eval(pair[1]);
            assertEquals(aspaceReads, context.reads, pair[0]);
            assertEquals(List.of(memory(LOCAL, 0x40)), aspaceReads, pair[0]);
            assertArrayEquals(((LocationDescription.ImplicitValue) viaMem).bytes(), ((LocationDescription.ImplicitValue) viaAspace).bytes(), pair[0]);
        }
        long word = RecordingContext.memory(memory(LOCAL, 0x40), 4);
        byte[] expected = {(byte) word, (byte) (word >> 8), (byte) (word >> 16), (byte) (word >> 24)};
        assertArrayEquals(expected, ((LocationDescription.ImplicitValue) eval("aspace_deref_type")).bytes());
    }

    @Test
    void clangXderefPatternIsAMemoryLocation() {
        context.reads.clear();
        LocationDescription l = eval("xderef_pattern");
        assertEquals(memory(PRIVATE_LANE, RecordingContext.register(9) + 12), l);
        assertTrue(context.reads.isEmpty(), "the pattern reads nothing");
    }

    @Test
    void trailingXderefReadsWhenAValueIsWanted() {
        long value = new Evaluator(context, true).evaluateValue(bytes(0x33, 0x10, 0x40, 0x18));
        assertEquals(RecordingContext.memory(memory(LOCAL, 0x40), 8), value);
    }

    @Test
    void compositeOfPiecesAndBitPieces() {
        LocationDescription.Composite c = assertInstanceOf(LocationDescription.Composite.class, eval("composite"));
        assertEquals(List.of(new LocationDescription.Piece(new LocationDescription.Register(1, null, 0), 32, 0),
                new LocationDescription.Piece(memory(LOCAL, 0x10), 32, 0),
                new LocationDescription.Piece(new LocationDescription.Register(2, null, 0), 3, 5)), c.pieces());
        assertEquals(67, c.sizeInBits());
    }

    @Test
    void llvmLaneAndWaveOperations() {
        assertEquals(memory(PRIVATE_WAVE, RecordingContext.LANE * 4), eval("llvm_lane_wave"));
        LocationDescription.Memory offsets = (LocationDescription.Memory) eval("llvm_offsets");
        assertEquals(0x40 + 8 + 2, offsets.offset());
        assertEquals(3, offsets.bitOffset());
        assertEquals(new LocationDescription.Register(16, "caller", 0), eval("llvm_call_frame_entry_reg"));
    }

    @Test
    void llvmCompositeOperations() {
        LocationDescription.Register r0 = new LocationDescription.Register(0, null, 0), r1 = new LocationDescription.Register(1, null, 0),
                r2 = new LocationDescription.Register(2, null, 0), r3 = new LocationDescription.Register(3, null, 0),
                r4 = new LocationDescription.Register(4, null, 0);
        assertEquals(new LocationDescription.Composite(List.of(new LocationDescription.Piece(LocationDescription.UNDEFINED, 32, 0),
                new LocationDescription.Piece(r0, 32, 0))), eval("llvm_undefined"));
        assertEquals(new LocationDescription.Composite(List.of(new LocationDescription.Piece(r1, 32, 0), new LocationDescription.Piece(r2, 32, 0))),
                eval("llvm_piece_end"));
        assertEquals(new LocationDescription.Composite(List.of(new LocationDescription.Piece(r2, 32, 0), new LocationDescription.Piece(r2, 32, 0),
                new LocationDescription.Piece(r2, 32, 0), new LocationDescription.Piece(r2, 32, 0))), eval("llvm_extend"));
        // mask 5 = 0b0101: parts 0 and 2 from the one-location (reg4), 1 and 3 from the zero-location (reg3).
        assertEquals(new LocationDescription.Composite(List.of(new LocationDescription.Piece(r4, 32, 0), new LocationDescription.Piece(r3, 32, 32),
                new LocationDescription.Piece(r4, 32, 64), new LocationDescription.Piece(r3, 32, 96))), eval("llvm_select_bit_piece"));
    }

    @Test
    void llvmSingleByteFormsDecodeAsTheUserSubOperations() {
        List<String> names = new ArrayList<>();
        for (DwarfOp op : fixture.locations.get("llvm_single_byte").ops()) {
            names.add(op.name());
        }
        assertEquals(List.of("DW_OP_LLVM_undefined", "DW_OP_piece", "DW_OP_reg1", "DW_OP_piece", "DW_OP_LLVM_piece_end",
                "DW_OP_reg2", "DW_OP_LLVM_extend", "DW_OP_piece", "DW_OP_reg3", "DW_OP_reg4", "DW_OP_lit1",
                "DW_OP_LLVM_select_bit_piece", "DW_OP_piece", "DW_OP_lit5", "DW_OP_LLVM_aspace_bregx", "DW_OP_piece"), names);
        LocationDescription.Composite c = assertInstanceOf(LocationDescription.Composite.class, eval("llvm_single_byte"));
        assertEquals(memory(PRIVATE_LANE, RecordingContext.register(4) + 16), c.pieces().get(c.pieces().size() - 1).location());
    }

    @Test
    void standardOperations() {
        assertArrayEquals(new byte[] {(byte) 0xef, (byte) 0xbe, (byte) 0xad, (byte) 0xde},
                ((LocationDescription.ImplicitValue) eval("implicit_value")).bytes());
        long converted = (1 + RecordingContext.register(2)) & 0xffffffffL;
        assertEquals(new LocationDescription.ImplicitValue(le(converted, 8)).toString(), eval("convert_ops").toString());
        long branches = -3 + RecordingContext.register(300) - 300;
        assertEquals(new LocationDescription.ImplicitValue(le(branches, 8)).toString(), eval("branches").toString());
        assertEquals(new LocationDescription.ImplicitValue(le(0x5151, 8)).toString(), eval("entry_value").toString());
        // breg1+0 -> deref_type int; const_type int -2; regval_type reg2 int; convert; plus; convert generic; plus
        long loaded = RecordingContext.memory(new LocationDescription.Memory(numbering.defaultSpace(), ContextBinding.DEVICE,
                RecordingContext.register(1)), 4);
        long sum = (int) loaded + (int) RecordingContext.register(2);
        long typed = ((int) sum) & 0xffffffffL;
        long expected = (typed + (-2L & 0xffffffffL)) & 0xffffffffL;
        assertEquals(new LocationDescription.ImplicitValue(le(expected, 4)).toString(), eval("typed_ops").toString());
    }

    private static byte[] le(long v, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    @Test
    void locationListIsChosenByPc() {
        List<LocationList.Entry> entries = new ArrayList<>();
        for (ListEntry e : fixture.lists.get("by_pc")) {
            entries.add(new LocationList.Entry(e.low(), e.high(), fixture.decode(e)));
        }
        LocationList list = new LocationList(entries, null);
        Evaluator evaluator = new Evaluator(context, true);
        assertEquals(memory(LOCAL, 0x40), evaluator.evaluate(list, 0x1000, numbering.defaultSpace()));
        assertEquals(memory(LOCAL, 0x40), evaluator.evaluate(list, 0x107f, numbering.defaultSpace()));
        assertEquals(new LocationDescription.Register(3, null, 0), evaluator.evaluate(list, 0x1080, numbering.defaultSpace()));
        assertEquals(LocationDescription.UNDEFINED, evaluator.evaluate(list, 0x1100, numbering.defaultSpace()));
    }

    @Test
    void contextDependentSpacesBindToTheContextCurrentAtEvaluation() {
        LocationDescription.Memory first = (LocationDescription.Memory) eval("aspace_bregx");
        context = new RecordingContext(numbering) {
            @Override
            public long currentLane() {
                return 12;
            }
        };
        LocationDescription.Memory second = (LocationDescription.Memory) eval("aspace_bregx");
        assertEquals(first.offset(), second.offset());
        assertEquals(RecordingContext.LANE, first.binding().lane());
        assertEquals(12, second.binding().lane());
        assertNotEquals(first, second);
    }

    @Test
    void pointerTypeAttributesNameTheirSpaces() {
        AddressSpaceEncodings encodings = AddressSpaceEncodings.DEFAULTS;
        List<String> names = new ArrayList<>();
        for (long[] attribute : fixture.pointerAddressSpaces) {
            NumberKind kind = encodings.attributeKind((int) attribute[0]);
            names.add(encodings.attributeName((int) attribute[0]) + "=" + numbering.resolve(kind, attribute[1]).name());
        }
        // The fixture script writes DW_AT_address_space 3, DW_AT_LLVM_address_space 5, DW_AT_address_class 2.
        assertEquals(List.of("DW_AT_address_space=local", "DW_AT_LLVM_address_space=private_lane",
                "DW_AT_address_class=region"), names);
        assertEquals("local", numbering.resolve(NumberKind.MEMORY_SPACE, fixture.memorySpaces.get("memory_space_group")).name());
    }

    // ---- hostile and malformed expressions ----------------------------------------------

    private Expression bytes(int... b) {
        byte[] raw = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            raw[i] = (byte) b[i];
        }
        return fixture.decoder.decode("hostile", ".debug_info", raw, ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void dwOpAddrIsTheShortFormOfLit0ConstuMem() {
        Evaluator evaluator = new Evaluator(context, true);
        LocationDescription addr = evaluator.evaluate(bytes(0x03, 0x00, 0x20, 0, 0, 0, 0, 0, 0));
        assertEquals(evaluator.evaluate(bytes(0x30, 0x10, 0x80, 0x40, 0xee)), addr);
        assertEquals(eval("mem_default"), addr);
    }

    @Test
    void oneEvaluatorServesManyEvaluations() {
        Evaluator evaluator = new Evaluator(context, true);
        Expression counting = bytes(0x30, 0x23, 0x01, 0x12, 0x3f, 0x2d, 0x28, 0xf8, 0xff, 0x9f);
        // About 77 operations each: together twice the per-evaluation bound.
        for (int i = 0; i < 2 * Evaluator.MAX_STEPS / 77 + 1; i++) {
            assertEquals("implicit", evaluator.evaluate(counting).kind());
        }
    }

    @Test
    void backwardSkipLoopEndsAfterTheBoundedNumberOfOperations() {
        EvaluationException e = assertThrows(EvaluationException.class,
                () -> new Evaluator(context, true).evaluate(bytes(0x96, 0x2f, 0xfc, 0xff)));
        // The work is bounded by operations executed, not by time: the loop stops at the bound.
        assertTrue(e.getMessage().endsWith("more than " + Evaluator.MAX_STEPS + " operations executed (a loop?)"),
                e.getMessage());
        assertTrue(e.operation().equals("DW_OP_nop") || e.operation().equals("DW_OP_skip"), e.operation());
    }

    @Test
    void whatTheContextCannotSupplyIsAnInputErrorAnythingElseABug() {
        EvaluationContext refusing = new EvaluationContext() {
            @Override
            public AddressSpaceNumbering numbering() {
                return numbering;
            }
        };
        EvaluationException refused = assertThrows(EvaluationException.class,
                () -> new Evaluator(refusing, true).evaluate(bytes(0x71, 0x08)));
        assertEquals("DW_OP_breg1", refused.operation());
        assertTrue(refused.getMessage().contains("register values are not available"), refused.getMessage());
        EvaluationContext broken = new EvaluationContext() {
            @Override
            public AddressSpaceNumbering numbering() {
                return numbering;
            }

            @Override
            public long readRegister(long dwarfRegister) {
                throw new IllegalStateException("a bug in the context");
            }
        };
        IllegalStateException bug = assertThrows(IllegalStateException.class,
                () -> new Evaluator(broken, true).evaluate(bytes(0x71, 0x08)));
        assertEquals("a bug in the context", bug.getMessage());
    }

    @Test
    void pickBeyondTheStackIsAnInputError() {
        EvaluationException e = assertThrows(EvaluationException.class,
                () -> new Evaluator(context, true).evaluate(bytes(0x30, 0x15, 0xff)));
        assertTrue(e.getMessage().contains("stack has 1 entries"), e.getMessage());
    }

    @Test
    void stackGrowthIsBounded() {
        EvaluationException e = assertThrows(EvaluationException.class,
                () -> new Evaluator(context, true).evaluate(bytes(0x30, 0x12, 0x2f, 0xfc, 0xff)));
        assertTrue(e.getMessage().contains("stack deeper"), e.getMessage());
        assertEquals("DW_OP_dup", e.operation());
        assertEquals(1, e.operationOffset());
    }

    @Test
    void branchIntoTheMiddleOfAnOperationIsAnError() {
        EvaluationException e = assertThrows(EvaluationException.class,
                () -> new Evaluator(context, true).evaluate(bytes(0x2f, 0x01, 0x00, 0x10, 0x05)));
        assertEquals("DW_OP_skip", e.operation());
    }

    @Test
    void underflowAndDivisionByZeroNameTheOperation() {
        EvaluationException under = assertThrows(EvaluationException.class,
                () -> new Evaluator(context, true).evaluate(bytes(0x30, 0x22)));
        assertEquals("DW_OP_plus", under.operation());
        assertEquals(1, under.operationOffset());
        assertTrue(under.getMessage().startsWith("hostile: .debug_info+0x1: DW_OP_plus"), under.getMessage());
        EvaluationException div = assertThrows(EvaluationException.class,
                () -> new Evaluator(context, true).evaluate(bytes(0x31, 0x30, 0x1b)));
        assertTrue(div.getMessage().contains("division by zero"));
    }

    @Test
    void unknownAndTruncatedOperationsAreInputErrors() {
        InputFormatException unknown = assertThrows(InputFormatException.class, () -> bytes(0x30, 0xff));
        assertEquals(1, unknown.offset());
        assertTrue(unknown.problem().contains("0xff"), unknown.problem());
        InputFormatException truncated = assertThrows(InputFormatException.class, () -> bytes(0x10, 0x80, 0x80));
        assertTrue(truncated.problem().contains("LEB128"), truncated.problem());
        InputFormatException block = assertThrows(InputFormatException.class, () -> bytes(0x9e, 0x7f, 0x01));
        assertEquals(0, block.offset());
        InputFormatException sub = assertThrows(InputFormatException.class, () -> bytes(0xe9, 0x40));
        assertTrue(sub.problem().contains("sub-operation"), sub.problem());
    }

    @Test
    void registerReadsFailWithoutAProgram() {
        EvaluationContext bare = () -> numbering;
        EvaluationException e = assertThrows(EvaluationException.class,
                () -> new Evaluator(bare, true).evaluate(fixture.locations.get("aspace_bregx")));
        assertEquals("DW_OP_aspace_bregx", e.operation());
    }
}
