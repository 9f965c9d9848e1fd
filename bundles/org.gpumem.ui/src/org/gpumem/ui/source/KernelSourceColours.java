package org.gpumem.ui.source;

import org.eclipse.jface.text.TextAttribute;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;

/**
 * How kernel sources are coloured: the colours of the platform's Java and C editors' defaults
 * (keywords purple and bold, comments green, strings blue), CUDA's qualifiers and PTX directives
 * in colours of their own.
 */
final class KernelSourceColours {

    private final TextAttribute keyword = new TextAttribute(new Color(127, 0, 85), null, SWT.BOLD);
    private final TextAttribute cudaQualifier = new TextAttribute(new Color(160, 80, 0), null, SWT.BOLD);
    private final TextAttribute cudaBuiltin = new TextAttribute(new Color(0, 0, 192));
    private final TextAttribute ptxDirective = new TextAttribute(new Color(127, 0, 85), null, SWT.BOLD);
    private final TextAttribute ptxRegister = new TextAttribute(new Color(0, 0, 192));
    private final TextAttribute preprocessor = new TextAttribute(new Color(100, 100, 100), null, SWT.BOLD);
    private final TextAttribute number = new TextAttribute(new Color(0, 100, 100));
    private final TextAttribute comment = new TextAttribute(new Color(63, 127, 95));
    private final TextAttribute string = new TextAttribute(new Color(42, 0, 255));

    TextAttribute keyword() {
        return keyword;
    }

    TextAttribute cudaQualifier() {
        return cudaQualifier;
    }

    TextAttribute cudaBuiltin() {
        return cudaBuiltin;
    }

    TextAttribute ptxDirective() {
        return ptxDirective;
    }

    TextAttribute ptxRegister() {
        return ptxRegister;
    }

    TextAttribute preprocessor() {
        return preprocessor;
    }

    TextAttribute number() {
        return number;
    }

    TextAttribute comment() {
        return comment;
    }

    TextAttribute string() {
        return string;
    }
}
