/**
 * What gpumem's views show (internal): one stopped memory state and its focused context, fed from
 * the platform debugger's selection and the Focus on Block/Thread dialog.
 */
package org.gpumem.ui.session;
