package org.gpumem.debug.core;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method (or every method of a type) that must run on its {@link DebugSession}'s
 * executor thread. The simulator allows one caller at a time; the executor is that caller. Each
 * such method checks it ({@link DebugSession#checkExecutor()}) and throws
 * {@link IllegalStateException} when called from another thread, so a front end that forgets the
 * rule fails at once in its tests instead of racing with a running kernel. Reach them through
 * {@link DebugSession#query} or from a {@link DebugSession.Listener} callback.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ ElementType.METHOD, ElementType.TYPE, ElementType.CONSTRUCTOR })
public @interface ConfinedToSession {
}
