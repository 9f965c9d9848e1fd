package org.gpumem.ui.source;

import org.eclipse.core.filebuffers.IDocumentSetupParticipant;
import org.eclipse.core.filebuffers.IDocumentSetupParticipantExtension;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension3;
import org.eclipse.jface.text.IDocumentPartitioner;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.FastPartitioner;
import org.eclipse.jface.text.rules.IPredicateRule;
import org.eclipse.jface.text.rules.MultiLineRule;
import org.eclipse.jface.text.rules.RuleBasedPartitionScanner;
import org.eclipse.jface.text.rules.SingleLineRule;
import org.eclipse.jface.text.rules.Token;

/**
 * Splits a kernel source into comments, string and character literals and code, the same way
 * for CUDA C++ and PTX (both use {@code //} and {@code /* *}{@code /} comments). Installed on the
 * documents of gpumem's kernel-source content types by the file buffers
 * ({@code org.eclipse.core.filebuffers.documentSetup}), under a partitioning of its own so that
 * no other partitioner of the document is replaced.
 */
public final class KernelSourcePartitions implements IDocumentSetupParticipant, IDocumentSetupParticipantExtension {

    public static final String PARTITIONING = "org.gpumem.ui.source.partitioning";
    public static final String COMMENT = "org.gpumem.ui.source.comment";
    public static final String STRING = "org.gpumem.ui.source.string";
    static final String[] CONTENT_TYPES = {IDocument.DEFAULT_CONTENT_TYPE, COMMENT, STRING};

    @Override
    public void setup(IDocument document) {
        if (document instanceof IDocumentExtension3 extension && extension.getDocumentPartitioner(PARTITIONING) == null) {
            IDocumentPartitioner partitioner = new FastPartitioner(scanner(), new String[] {COMMENT, STRING});
            extension.setDocumentPartitioner(PARTITIONING, partitioner);
            partitioner.connect(document);
        }
    }

    @Override
    public void setup(IDocument document, IPath location, LocationKind locationKind) {
        setup(document);
    }

    private static RuleBasedPartitionScanner scanner() {
        Token comment = new Token(COMMENT);
        Token string = new Token(STRING);
        RuleBasedPartitionScanner scanner = new RuleBasedPartitionScanner();
        scanner.setPredicateRules(new IPredicateRule[] {
            new EndOfLineRule("//", comment),
            new MultiLineRule("/*", "*/", comment, (char) 0, true),
            new SingleLineRule("\"", "\"", string, '\\'),
            new SingleLineRule("'", "'", string, '\\'),
        });
        return scanner;
    }
}
