package org.gpumem.ui.source;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.presentation.IPresentationReconciler;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.jface.text.rules.DefaultDamagerRepairer;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.ui.editors.text.TextSourceViewerConfiguration;

/** The kernel source editor's viewer: the text editor's, plus colouring by partition and the value hover. */
final class KernelSourceConfiguration extends TextSourceViewerConfiguration {

    private final KernelSourceColours colours = new KernelSourceColours();

    KernelSourceConfiguration() {
        super(org.eclipse.ui.editors.text.EditorsUI.getPreferenceStore());
    }

    @Override
    public String getConfiguredDocumentPartitioning(ISourceViewer sourceViewer) {
        return KernelSourcePartitions.PARTITIONING;
    }

    @Override
    public String[] getConfiguredContentTypes(ISourceViewer sourceViewer) {
        return KernelSourcePartitions.CONTENT_TYPES.clone();
    }

    /** In code, the value hover of a suspended kernel (the annotation hover otherwise); elsewhere the platform's. */
    @Override
    public ITextHover getTextHover(ISourceViewer sourceViewer, String contentType) {
        ITextHover platform = super.getTextHover(sourceViewer, contentType);
        return IDocument.DEFAULT_CONTENT_TYPE.equals(contentType) ? new KernelSourceHover(platform) : platform;
    }

    @Override
    public IPresentationReconciler getPresentationReconciler(ISourceViewer sourceViewer) {
        PresentationReconciler reconciler = new PresentationReconciler();
        reconciler.setDocumentPartitioning(KernelSourcePartitions.PARTITIONING);
        repair(reconciler, IDocument.DEFAULT_CONTENT_TYPE, new KernelCodeScanner(colours));
        repair(reconciler, KernelSourcePartitions.COMMENT, whole(colours.comment()));
        repair(reconciler, KernelSourcePartitions.STRING, whole(colours.string()));
        return reconciler;
    }

    private static void repair(PresentationReconciler reconciler, String contentType, RuleBasedScanner scanner) {
        DefaultDamagerRepairer repairer = new DefaultDamagerRepairer(scanner);
        reconciler.setDamager(repairer, contentType);
        reconciler.setRepairer(repairer, contentType);
    }

    /** A scanner that gives a whole partition one colour. */
    private static RuleBasedScanner whole(TextAttribute attribute) {
        RuleBasedScanner scanner = new RuleBasedScanner();
        scanner.setDefaultReturnToken(new Token(attribute));
        return scanner;
    }
}
