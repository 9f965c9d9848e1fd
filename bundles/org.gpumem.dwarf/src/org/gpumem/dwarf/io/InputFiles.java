package org.gpumem.dwarf.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Opening input files so that every failure names the file and what was expected: a missing
 * file, a directory or an unreadable file become {@link InputFileException}s instead of the
 * platform's bare {@code NoSuchFileException: k.o} or {@code Is a directory}; text that is not
 * UTF-8 is reported at its first bad byte instead of {@code Input length = 1}.
 */
public final class InputFiles {
    private InputFiles() {
    }

    /**
     * Checks that {@code file} is a readable regular file; {@code expected} says what it should be
     * ("an ELF file or nvcc -G PTX") and ends the message of the exception thrown otherwise.
     */
    public static void requireReadableFile(Path file, String expected) {
        String name = file.toString();
        if (!Files.exists(file)) {
            throw new InputFileException(name, "no such file; expected " + expected, null);
        }
        if (Files.isDirectory(file)) {
            throw new InputFileException(name, "is a directory; expected " + expected, null);
        }
        if (!Files.isRegularFile(file)) {
            throw new InputFileException(name, "is not a regular file (a device or a pipe); expected " + expected, null);
        }
        if (!Files.isReadable(file)) {
            throw new InputFileException(name, "permission denied; expected a readable file, " + expected, null);
        }
    }

    /** An I/O failure while reading or writing {@code file}, as an exception whose message names the file. */
    public static InputFileException failure(Path file, IOException e) {
        return new InputFileException(file.toString(), describe(e), e);
    }

    /**
     * What went wrong in {@code e} without the file name: "no such file", "is a directory",
     * "permission denied", "no space left on device"; the platform's reason for other file-system
     * errors.
     */
    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return n.getReason() != null ? n.getReason() : "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of the path is not a directory";
        }
        String reason = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
        if (reason == null || reason.isBlank()) {
            return "input/output error";
        }
        return Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
    }

    /**
     * The one-line message to show for a failure caused by the input: the message of an
     * {@link InputFormatException}, or the file and {@link #describe reason} of an I/O error
     * (also inside an {@link UncheckedIOException}). Null for anything else, which is a bug to
     * report as an internal error rather than show as the exception's own text.
     */
    public static String userMessage(Throwable e) {
        if (e instanceof UncheckedIOException u) {
            e = u.getCause();
        }
        if (e instanceof InputFormatException) {
            return e.getMessage();
        }
        if (e instanceof IOException io) {
            String file = fileOf(io);
            return (file != null ? file + ": " : "") + describe(io);
        }
        return null;
    }

    /** The file that {@code e} names, or null. */
    public static String fileOf(IOException e) {
        return e instanceof FileSystemException f ? f.getFile() : null;
    }

    /**
     * The contents of {@code file} as UTF-8 text; bytes that are not UTF-8 raise an
     * {@link InputFileException} at their offset, saying that {@code expected} was wanted.
     */
    public static String readUtf8(Path file, String expected) {
        requireReadableFile(file, expected);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw failure(file, e);
        } catch (OutOfMemoryError e) {
            throw new InputFileException(file.toString(), "too large to read into memory; expected " + expected, null);
        }
        return decodeUtf8(file.toString(), bytes, expected);
    }

    /** {@code bytes} as UTF-8 text; errors name {@code file} and the offset of the first bad byte. */
    public static String decodeUtf8(String file, byte[] bytes, String expected) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isUnderflow()) {
            r = decoder.flush(out);
        }
        if (r.isError()) {
            int at = in.position();
            throw new InputFileException(file, at, String.format("byte 0x%02x is not UTF-8 text; expected %s", bytes[at] & 0xff,
                    expected));
        }
        return out.flip().toString();
    }
}
