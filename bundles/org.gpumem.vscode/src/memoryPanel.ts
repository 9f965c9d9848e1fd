// The webview panel "GPU Memory": one per VS Code window, showing the active gpumem session. It
// renders again at each stop (the adapter's stopped event), after a focus change and after a
// write (the memory event), and when the user changes the space, context, type or mode.

import * as vscode from 'vscode';
import { MemoryView, Selection } from './view/memoryView';
import type { FromWebview } from './view/state';

export class MemoryPanel {
  private static current: MemoryPanel | undefined;
  private readonly views = new Map<string, MemoryView>();
  private rendering: Promise<void> = Promise.resolve();

  private constructor(private readonly panel: vscode.WebviewPanel, private session: vscode.DebugSession) {
    panel.onDidDispose(() => { MemoryPanel.current = undefined; });
    panel.webview.onDidReceiveMessage((message: FromWebview) => {
      if (message.kind === 'select') {
        const change: Partial<Selection> = { ...message, offset: message.offset !== undefined ? parseOffset(message.offset) : undefined };
        for (const key of Object.keys(change) as (keyof Selection)[]) {
          if (change[key] === undefined) {
            delete change[key];
          }
        }
        this.view().select(change);
      }
      this.refresh();
    });
  }

  static show(extensionUri: vscode.Uri, session: vscode.DebugSession): void {
    if (MemoryPanel.current) {
      MemoryPanel.current.session = session;
      MemoryPanel.current.panel.reveal();
      MemoryPanel.current.refresh();
      return;
    }
    const media = vscode.Uri.joinPath(extensionUri, 'media');
    const script = vscode.Uri.joinPath(extensionUri, 'out', 'webview');
    const panel = vscode.window.createWebviewPanel('gpumem.memory', 'GPU Memory', vscode.ViewColumn.Beside, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [media, script],
    });
    const webview = panel.webview;
    const nonce = [...Array(32)].map(() => Math.floor(Math.random() * 36).toString(36)).join('');
    webview.html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${nonce}';">
<link rel="stylesheet" href="${webview.asWebviewUri(vscode.Uri.joinPath(media, 'memory.css'))}">
<title>GPU Memory</title></head>
<body><div id="bar"></div><div id="status"></div><div id="grid"></div>
<script type="module" nonce="${nonce}" src="${webview.asWebviewUri(vscode.Uri.joinPath(script, 'webview', 'main.js'))}"></script>
</body></html>`;
    MemoryPanel.current = new MemoryPanel(panel, session);
  }

  /** Follows the adapter's events for a gpumem session: stops, focus changes, writes. */
  static trackerFor(session: vscode.DebugSession): vscode.DebugAdapterTracker {
    return {
      onDidSendMessage: (message: { type?: string; event?: string }) => {
        const panel = MemoryPanel.current;
        if (message.type !== 'event' || !panel || panel.session.id !== session.id) {
          return;
        }
        if (message.event === 'stopped') {
          panel.view().stopped();
          panel.refresh();
        } else if (message.event === 'memory' || message.event === 'gpumem/focusChanged') {
          panel.refresh();
        } else if (message.event === 'continued') {
          void panel.panel.webview.postMessage({ kind: 'status', text: 'running...' });
        }
      },
    };
  }

  static ended(session: vscode.DebugSession): void {
    const panel = MemoryPanel.current;
    if (panel) {
      panel.views.delete(session.id);
      if (panel.session.id === session.id) {
        void panel.panel.webview.postMessage({ kind: 'status', text: 'the debug session has ended' });
      }
    }
  }

  private view(): MemoryView {
    let view = this.views.get(this.session.id);
    if (!view) {
      view = new MemoryView(this.session);
      this.views.set(this.session.id, view);
    }
    return view;
  }

  /** Renders once the previous render is done, so the webview gets states in order. */
  private refresh(): void {
    this.rendering = this.rendering.then(async () => {
      try {
        const state = await this.view().render();
        await this.panel.webview.postMessage({ kind: 'state', state });
      } catch (e) {
        // the adapter's answer (not stopped, not resident...) is what the user sees
        await this.panel.webview.postMessage({ kind: 'status', text: e instanceof Error ? e.message : String(e) });
      }
    });
  }
}

function parseOffset(text: string): bigint | undefined {
  const t = text.trim();
  if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(t)) {
    return undefined;
  }
  return BigInt(t);
}
