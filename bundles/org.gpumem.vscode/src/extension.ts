// The gpumem debug type: VS Code starts `gpumem dap` (the launcher named by the gpumem.path
// setting) as the debug adapter, and the GPU memory webview follows the session's stops.

import * as path from 'path';
import * as vscode from 'vscode';
import { MemoryPanel } from './memoryPanel';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('gpumem', new AdapterFactory()),
    vscode.debug.registerDebugConfigurationProvider('gpumem', new ConfigurationProvider()),
    vscode.debug.registerDebugAdapterTrackerFactory('gpumem', {
      createDebugAdapterTracker: session => MemoryPanel.trackerFor(session),
    }),
    vscode.commands.registerCommand('gpumem.showMemory', () => {
      const session = vscode.debug.activeDebugSession;
      if (!session || session.type !== 'gpumem') {
        void vscode.window.showInformationMessage('gpumem: start a gpumem debug session first.');
        return;
      }
      MemoryPanel.show(context.extensionUri, session);
    }),
    vscode.debug.onDidTerminateDebugSession(session => MemoryPanel.ended(session)),
  );
}

export function deactivate(): void {
  // the panel and the adapters end with their sessions
}

class AdapterFactory implements vscode.DebugAdapterDescriptorFactory {
  createDebugAdapterDescriptor(): vscode.ProviderResult<vscode.DebugAdapterDescriptor> {
    const launcher = vscode.workspace.getConfiguration('gpumem').get<string>('path') || 'gpumem';
    return new vscode.DebugAdapterExecutable(launcher, ['dap']);
  }
}

class ConfigurationProvider implements vscode.DebugConfigurationProvider {
  /** F5 without a launch.json: debug the launch file or program open in the editor. */
  resolveDebugConfiguration(_folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration)
    : vscode.ProviderResult<vscode.DebugConfiguration> {
    if (!config.type && !config.request && !config.name) {
      const file = vscode.window.activeTextEditor?.document.uri.fsPath;
      if (!file) {
        return undefined;
      }
      return {
        type: 'gpumem',
        request: 'launch',
        name: `gpumem: ${path.basename(file)}`,
        program: file,
        stopOnEntry: file.endsWith('.launch.json'),
      };
    }
    return config;
  }
}
