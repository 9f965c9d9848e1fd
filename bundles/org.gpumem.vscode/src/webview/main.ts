// The GPU Memory webview's script: draws the state the extension host sends (pickers and the
// grid) and reports the user's choices back. It computes nothing itself: the data path is in
// src/view, tested without a browser.

import type { Cell, FromWebview, ToWebview, ViewState } from '../view/state';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };

const vscode = acquireVsCodeApi();
const bar = document.getElementById('bar')!;
const statusLine = document.getElementById('status')!;
const gridArea = document.getElementById('grid')!;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string)
  : HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) {
    e.setAttribute(k, v);
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

function labelled(text: string, control: HTMLElement): HTMLElement {
  const label = element('label', {}, text + ' ');
  label.appendChild(control);
  return label;
}

function select(id: string, options: { value: string; text: string; title?: string }[], current: string | undefined,
  onChange: (v: string) => void): HTMLSelectElement {
  const s = element('select', { id });
  for (const o of options) {
    const option = element('option', { value: o.value, title: o.title ?? o.text }, o.text);
    option.selected = o.value === current;
    s.appendChild(option);
  }
  s.addEventListener('change', () => onChange(s.value));
  return s;
}

function toggle(id: string, text: string, on: boolean, enabled: boolean, onChange: (on: boolean) => void): HTMLElement {
  const box = element('input', { type: 'checkbox', id });
  box.checked = on;
  box.disabled = !enabled;
  box.addEventListener('change', () => onChange(box.checked));
  const label = element('label', {}, ' ' + text);
  label.prepend(box);
  return label;
}

function drawBar(state: ViewState): void {
  bar.replaceChildren();
  bar.appendChild(labelled('Space', select('space', state.spaces.map(s => ({ value: s.name, text: s.label, title: s.title })), state.space,
    space => vscode.postMessage({ kind: 'select', space }))));
  const context = element('input', { id: 'context', list: 'contexts', size: '28', value: state.context ?? '' });
  const list = element('datalist', { id: 'contexts' });
  for (const c of state.contexts) {
    list.appendChild(element('option', { value: c }));
  }
  context.addEventListener('change', () => vscode.postMessage({ kind: 'select', context: context.value }));
  bar.appendChild(labelled('Context', context));
  bar.appendChild(list);
  const offset = element('input', { id: 'offset', size: '12', value: state.offset, pattern: '0x[0-9a-fA-F]+|[0-9]+' });
  offset.addEventListener('change', () => {
    if (offset.checkValidity()) {
      vscode.postMessage({ kind: 'select', offset: offset.value });
    } else {
      statusLine.textContent = `${offset.value} is not an offset (hex 0x... or decimal)`;
    }
  });
  if (!state.lanes) {
    bar.appendChild(labelled('Offset', offset));
    bar.appendChild(labelled('Bytes', select('length', state.lengths.map(l => ({ value: String(l), text: String(l) })),
      String(state.length), v => vscode.postMessage({ kind: 'select', length: Number(v) }))));
  }
  bar.appendChild(labelled('Type', select('type', state.types.map(t => ({ value: t, text: t })), state.type,
    v => vscode.postMessage({ kind: 'select', type: v as ViewState['type'] }))));
  bar.appendChild(toggle('lanes', 'Lanes', state.lanes, state.lanesAvailable, lanes => vscode.postMessage({ kind: 'select', lanes })));
  bar.appendChild(toggle('physical', 'Physical pool (interleaved)', state.physical, state.lanes,
    physical => vscode.postMessage({ kind: 'select', physical })));
  if (state.focus) {
    bar.appendChild(element('span', { class: 'focus' }, 'focus: ' + state.focus));
  }
}

function drawCell(cell: Cell, laneCount: number): HTMLTableCellElement {
  const td = element('td', {}, cell.text);
  if (cell.changed) {
    td.classList.add('changed');
  }
  if (cell.lane !== undefined && laneCount > 0) {
    td.classList.add('lane');
    td.style.setProperty('--lane-hue', String(Math.round(360 * cell.lane / laneCount)));
  }
  if (cell.title) {
    td.title = cell.title;
  }
  return td;
}

function draw(state: ViewState): void {
  drawBar(state);
  statusLine.textContent = state.status ?? state.grid?.header ?? '';
  gridArea.replaceChildren();
  if (!state.grid) {
    return;
  }
  const table = element('table');
  const head = element('tr');
  for (const c of state.grid.columns) {
    head.appendChild(element('th', {}, c));
  }
  table.appendChild(head);
  for (const row of state.grid.rows) {
    const tr = element('tr');
    row.forEach(cell => tr.appendChild(drawCell(cell, state.laneCount)));
    table.appendChild(tr);
  }
  gridArea.appendChild(table);
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.kind === 'state') {
    draw(message.state);
  } else {
    statusLine.textContent = message.text;
  }
});
vscode.postMessage({ kind: 'ready' });
