package org.gpumem.debug.model;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IWatchExpressionDelegate;
import org.eclipse.debug.core.model.IWatchExpressionListener;
import org.eclipse.debug.core.model.IWatchExpressionResult;
import org.gpumem.debug.core.CudaFocus;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.expr.ExpressionException;
import org.gpumem.debug.core.expr.ExpressionValue;

/**
 * The Expressions view's watch expressions on gpumem's targets: each is an expression of the
 * debug core's evaluator (cuda-gdb's C with {@code @space} casts, built-ins and registers),
 * evaluated in the lane the context frame shows (a thread: its top frame; the target: the
 * focused warp's top frame). The platform evaluates again at every stop and context change. An
 * expression that cannot be evaluated there gives one line, the evaluator's, which names the
 * position; a kernel that runs or ended says so.
 */
public final class KernelWatchExpressionDelegate implements IWatchExpressionDelegate {

    @Override
    public void evaluateExpression(String expression, IDebugElement context, IWatchExpressionListener listener) {
        listener.watchEvaluationFinished(evaluate(expression, context));
    }

    /** {@code expression} in {@code context}: a value, or the one line that says why there is none. */
    static IWatchExpressionResult evaluate(String expression, IDebugElement context) {
        PtxStackFrame frame = frameOf(context);
        if (frame == null) {
            return new Result(expression, null, "no stopped kernel frame to evaluate '" + expression + "' in", null);
        }
        WarpThread thread = (WarpThread) frame.getThread();
        LaneId lane = new LaneId(thread.warpId(), frame.lane());
        int level = frame.callFrame().level();
        try {
            ExpressionValue v = SessionCalls.query(frame.session(), e -> e.evaluate(expression, lane, level));
            return new Result(expression, new KernelExpressionValue(frame.kernelTarget(), v), null, null);
        } catch (ExpressionException e) {
            return new Result(expression, null, e.getMessage(), null);
        } catch (DebugException e) {
            return new Result(expression, null, e.getStatus().getMessage(), e);
        }
    }

    /** The frame an evaluation in {@code context} uses, or null when there is none. */
    private static PtxStackFrame frameOf(IDebugElement context) {
        if (context instanceof PtxStackFrame f) {
            return f;
        }
        if (context instanceof WarpThread t) {
            return t.hasStackFrames() ? t.topFrame() : null;
        }
        if (context instanceof KernelDebugElement e && e.kernelTarget().isSuspended()) {
            KernelDebugTarget target = e.kernelTarget();
            CudaFocus focus = target.focus().current();
            WarpThread t = focus == null ? null : target.thread(focus.lane().warp());
            return t != null && t.hasStackFrames() ? t.topFrame() : null;
        }
        return null;
    }

    private record Result(String getExpressionText, IValue getValue, String error, DebugException getException)
            implements IWatchExpressionResult {
        @Override
        public boolean hasErrors() {
            return error != null;
        }

        @Override
        public String[] getErrorMessages() {
            return error == null ? new String[0] : new String[] {error};
        }
    }
}
