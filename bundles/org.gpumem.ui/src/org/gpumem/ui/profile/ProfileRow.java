package org.gpumem.ui.profile;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.sim.AddressSpaceProfile;

/**
 * One source line of the simulator's address-space profile: generic accesses by the space they
 * resolved to, and cvta conversions.
 *
 * @param file the source file as the PTX {@code .file} names it (or the PTX module)
 * @param line 1-based line in that file
 */
public record ProfileRow(String key, String file, int line, boolean ptxLine, AddressSpaceProfile.Counts counts) {

    private static final Pattern KEY = Pattern.compile("^(.*):(\\d+)( \\(PTX\\))?$");

    public static final String[] COLUMNS = {"Source line", "Generic", "\u2192 global", "\u2192 shared", "\u2192 local",
        "\u2192 const/param", "cvta"};

    /** A row for a key of {@link AddressSpaceProfile#sourceLines()} ({@code file:line} or {@code module:line (PTX)}). */
    public static ProfileRow of(String key, AddressSpaceProfile.Counts counts) {
        Matcher m = KEY.matcher(key);
        if (m.matches()) {
            return new ProfileRow(key, m.group(1), Integer.parseInt(m.group(2)), m.group(3) != null, counts);
        }
        return new ProfileRow(key, key, 0, false, counts);
    }

    /** The numeric value of a count column (1..6). */
    public long count(int column) {
        return switch (column) {
            case 1 -> counts.generic();
            case 2 -> counts.global();
            case 3 -> counts.shared();
            case 4 -> counts.local();
            case 5 -> counts.constant() + counts.param();
            case 6 -> counts.cvta();
            default -> 0;
        };
    }

    public String text(int column) {
        return column == 0 ? key : String.format("%,d", count(column));
    }

    /** Order by a column: file and line for column 0, else by the count, largest first. */
    public static Comparator<ProfileRow> order(int column) {
        if (column == 0) {
            return Comparator.comparing(ProfileRow::file).thenComparingInt(ProfileRow::line);
        }
        return Comparator.comparingLong((ProfileRow r) -> r.count(column)).reversed().thenComparing(ProfileRow::key);
    }
}
