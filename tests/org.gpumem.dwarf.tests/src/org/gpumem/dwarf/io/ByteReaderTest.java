package org.gpumem.dwarf.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

class ByteReaderTest {

    private static ByteReader reader(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return new ByteReader("f.o", ".debug_info", ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN));
    }

    @Test
    void leb128AsInTheDwarfSpecificationExamples() {
        // DWARF 5 section 7.6, figures 3.3 and 3.4
        assertEquals(2, reader(2).uleb());
        assertEquals(127, reader(127).uleb());
        assertEquals(128, reader(0x80, 1).uleb());
        assertEquals(129, reader(0x81, 1).uleb());
        assertEquals(130, reader(0x82, 1).uleb());
        assertEquals(12857, reader(0xb9, 0x64).uleb());
        assertEquals(2, reader(2).sleb());
        assertEquals(-2, reader(0x7e).sleb());
        assertEquals(127, reader(0xff, 0).sleb());
        assertEquals(-127, reader(0x81, 0x7f).sleb());
        assertEquals(128, reader(0x80, 1).sleb());
        assertEquals(-128, reader(0x80, 0x7f).sleb());
        assertEquals(-1L, reader(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01).uleb());
    }

    @Test
    void overrunsNameFileSectionAndOffset() {
        ByteReader r = reader(1, 2, 3);
        r.u16();
        InputFormatException e = assertThrows(InputFormatException.class, r::u32);
        assertEquals("f.o", e.file());
        assertEquals(".debug_info", e.section());
        assertEquals(2, e.offset());
        assertThrows(InputFormatException.class, () -> reader(0x80, 0x80).uleb());
        assertThrows(InputFormatException.class, () -> reader(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02).uleb());
        assertThrows(InputFormatException.class, () -> reader('a', 'b').cstring());
        assertThrows(InputFormatException.class, () -> reader(1).bytes(-1));
    }

    @Test
    void subReadersReportSectionOffsets() {
        ByteReader r = reader(0, 0, 0, 0, 5, 6);
        r.skip(4);
        ByteReader sub = r.sub(2);
        assertEquals(4, sub.offset());
        sub.u16();
        InputFormatException e = assertThrows(InputFormatException.class, sub::u8);
        assertEquals(6, e.offset());
        assertEquals("f.o: .debug_info+0x6: need 1 bytes, 0 left in .debug_info (size 0x6)", e.getMessage());
    }

    @Test
    void byteOrderAndWidths() {
        ByteReader r = reader(0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08);
        assertEquals(0x0807060504030201L, r.u64());
        r.seek(0).order(ByteOrder.BIG_ENDIAN);
        assertEquals(0x010203L, r.u24());
        assertEquals(0x04050607L, r.u32());
        assertEquals("ab", reader('a', 'b', 0).cstring());
    }
}
