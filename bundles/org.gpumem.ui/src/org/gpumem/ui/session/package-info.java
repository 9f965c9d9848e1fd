/**
 * What gpumem's views show (internal): one stopped memory state and its focused context, fed from
 * the platform debugger's selection and the Focus on Block/Thread dialog; the kernel target's
 * model proxies, through which the Debug view selects the focused warp and the Memory view's
 * Monitors pane relabels a block the focus moved.
 */
package org.gpumem.ui.session;
