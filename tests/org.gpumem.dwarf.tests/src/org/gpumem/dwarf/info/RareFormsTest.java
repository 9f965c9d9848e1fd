package org.gpumem.dwarf.info;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.io.InputFormatException;
import org.junit.jupiter.api.Test;

/**
 * Forms compilers rarely emit (DW_FORM_indirect, strx3/strx4, addrx3/addrx4, ref_udata,
 * ref_addr, data16, block2/block4, sdata, flag, implicit_const), in a DWARF 5 unit assembled
 * here byte by byte; the expected values are the ones written.
 */
class RareFormsTest {

    /** Little-endian byte writer. */
    static final class Bytes {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Bytes u8(long v) {
            out.write((int) v);
            return this;
        }

        Bytes u16(long v) {
            return u8(v).u8(v >>> 8);
        }

        Bytes u24(long v) {
            return u16(v).u8(v >>> 16);
        }

        Bytes u32(long v) {
            return u16(v).u16(v >>> 16);
        }

        Bytes u64(long v) {
            return u32(v).u32(v >>> 32);
        }

        Bytes uleb(long v) {
            do {
                int b = (int) (v & 0x7f);
                v >>>= 7;
                u8(v != 0 ? b | 0x80 : b);
            } while (v != 0);
            return this;
        }

        Bytes sleb(long v) {
            while (true) {
                int b = (int) (v & 0x7f);
                v >>= 7;
                boolean done = v == 0 && (b & 0x40) == 0 || v == -1 && (b & 0x40) != 0;
                u8(done ? b : b | 0x80);
                if (done) {
                    return this;
                }
            }
        }

        Bytes str(String s) {
            out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            return u8(0);
        }

        Bytes raw(byte[] b) {
            out.writeBytes(b);
            return this;
        }

        int size() {
            return out.size();
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    static DebugSections sections(Map<String, byte[]> s) {
        return new DebugSections() {
            @Override
            public String fileName() {
                return "rare.o";
            }

            @Override
            public ByteOrder order() {
                return ByteOrder.LITTLE_ENDIAN;
            }

            @Override
            public ByteBuffer section(String name) {
                byte[] b = s.get(name);
                return b == null ? null : ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
            }

            @Override
            public List<Relocation> relocations(String name) {
                return List.of();
            }

            @Override
            public SymbolLayout definedSymbols() {
                return SymbolLayout.NONE;
            }

            @Override
            public int machine() {
                return 62;
            }
        };
    }

    private static final byte[] SIXTEEN = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

    static Map<String, byte[]> build() {
        Bytes str = new Bytes().str("").str("unit").str("alpha").str("beta");
        // .debug_str offsets: "unit" 1, "alpha" 6, "beta" 12
        Bytes strOffsets = new Bytes().u32(4 + 4 * 3).u16(5).u16(0).u32(1).u32(6).u32(12);
        Bytes addr = new Bytes().u32(4 + 8 * 2).u16(5).u8(8).u8(0).u64(0x1000).u64(0xdeadbeef00L);
        Bytes abbrev = new Bytes();
        // 1: compile_unit, children: name strx1, str_offsets_base sec_offset, addr_base sec_offset
        abbrev.uleb(1).uleb(DwTag.COMPILE_UNIT).u8(1)
                .uleb(DwAt.NAME).uleb(DwForm.STRX1)
                .uleb(DwAt.STR_OFFSETS_BASE).uleb(DwForm.SEC_OFFSET)
                .uleb(DwAt.ADDR_BASE).uleb(DwForm.SEC_OFFSET).uleb(0).uleb(0);
        // 2: variable with the rare forms
        abbrev.uleb(2).uleb(DwTag.VARIABLE).u8(0)
                .uleb(DwAt.NAME).uleb(DwForm.STRX3)
                .uleb(DwAt.LINKAGE_NAME).uleb(DwForm.STRX4)
                .uleb(DwAt.LOW_PC).uleb(DwForm.ADDRX3)
                .uleb(DwAt.ENTRY_PC).uleb(DwForm.ADDRX4)
                .uleb(DwAt.TYPE).uleb(DwForm.REF_UDATA)
                .uleb(DwAt.SPECIFICATION).uleb(DwForm.REF_ADDR)
                .uleb(DwAt.CONST_VALUE).uleb(DwForm.DATA16)
                .uleb(DwAt.DEFAULT_VALUE).uleb(DwForm.BLOCK2)
                .uleb(DwAt.DISCR_VALUE).uleb(DwForm.BLOCK4)
                .uleb(DwAt.BIT_OFFSET).uleb(DwForm.SDATA)
                .uleb(DwAt.EXTERNAL).uleb(DwForm.FLAG)
                .uleb(DwAt.DECL_LINE).uleb(DwForm.IMPLICIT_CONST).sleb(-42)
                .uleb(DwAt.DECL_COLUMN).uleb(DwForm.INDIRECT)
                .uleb(0).uleb(0);
        // 3: base type
        abbrev.uleb(3).uleb(DwTag.BASE_TYPE).u8(0).uleb(DwAt.NAME).uleb(DwForm.STRING).uleb(0).uleb(0);
        abbrev.uleb(0);

        Bytes dies = new Bytes();
        int headerSize = 4 + 2 + 1 + 1 + 4;
        dies.uleb(1).u8(0).u32(8).u32(8);
        int variableAt = headerSize + dies.size();
        Bytes variable = new Bytes().uleb(2).u24(1).u32(2).u24(0).u32(1);
        Bytes rest = new Bytes().raw(SIXTEEN).u16(2).u8(0xaa).u8(0xbb).u32(3).u8(1).u8(2).u8(3).sleb(-300).u8(1)
                .uleb(DwForm.UDATA).uleb(77);
        int typeAt = variableAt + variable.size() + 1 /* ref_udata */ + 4 /* ref_addr */ + rest.size();
        variable.uleb(typeAt).u32(typeAt).raw(rest.bytes());
        dies.raw(variable.bytes());
        assertEquals(typeAt, headerSize + dies.size());
        dies.uleb(3).str("int").u8(0);
        Bytes info = new Bytes().u32(2 + 1 + 1 + 4 + dies.size()).u16(5).u8(1).u8(8).u32(0).raw(dies.bytes());
        Map<String, byte[]> m = new HashMap<>();
        m.put(".debug_info", info.bytes());
        m.put(".debug_abbrev", abbrev.bytes());
        m.put(".debug_str", str.bytes());
        m.put(".debug_str_offsets", strOffsets.bytes());
        m.put(".debug_addr", addr.bytes());
        return m;
    }

    @Test
    void everyRareFormDecodes() {
        DwarfFile d = new DwarfFile(sections(build()));
        Unit u = d.units().get(0);
        assertEquals("unit", u.name());
        DieCursor c = u.cursor();
        c.next();
        c.next();
        assertEquals(DwTag.VARIABLE, c.tag());
        assertEquals("alpha", c.stringValue(c.find(DwAt.NAME)));
        assertEquals("beta", c.string(DwAt.LINKAGE_NAME));
        assertEquals(0x1000, c.address(c.find(DwAt.LOW_PC)));
        assertEquals(0xdeadbeef00L, c.address(c.find(DwAt.ENTRY_PC)));
        long type = c.reference(c.find(DwAt.TYPE));
        assertEquals(type, c.reference(c.find(DwAt.SPECIFICATION)));
        assertEquals("int", d.dieAt(type).string(DwAt.NAME));
        ByteBuffer sixteen = c.block(c.find(DwAt.CONST_VALUE));
        byte[] b = new byte[16];
        sixteen.get(b);
        assertArrayEquals(SIXTEEN, b);
        assertEquals(2, c.block(c.find(DwAt.DEFAULT_VALUE)).remaining());
        assertEquals(3, c.block(c.find(DwAt.DISCR_VALUE)).remaining());
        assertEquals(-300, c.signed(c.find(DwAt.BIT_OFFSET)));
        assertTrue(c.flag(DwAt.EXTERNAL));
        assertEquals(-42, c.signed(c.find(DwAt.DECL_LINE)));
        assertEquals(DwForm.UDATA, c.form(c.find(DwAt.DECL_COLUMN)));
        assertEquals(77, c.unsigned(DwAt.DECL_COLUMN, 0));
        assertTrue(c.next());
        assertEquals(DwTag.BASE_TYPE, c.tag());
    }

    @Test
    void undefinedAbbreviationIsReportedAtTheDie() {
        Map<String, byte[]> m = build();
        byte[] info = m.get(".debug_info");
        info[12] = 9;
        InputFormatException e = assertThrows(InputFormatException.class, () -> {
            DieCursor c = new DwarfFile(sections(m)).units().get(0).cursor();
            while (c.next()) {
                c.tag();
            }
        });
        assertEquals("rare.o: .debug_info+0xc: abbreviation 9 not defined", e.getMessage());
    }
}
