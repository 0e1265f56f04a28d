// Where Node's own require('electron') lands in tests (electron-log, electron-updater):
// the shared fake of test/mocks/electron.ts, which registers the hook that points here.
// These libraries run in main, where Electron has no ipcRenderer or contextBridge.
'use strict';
const key = Symbol.for('fleetdesk.fakeElectron');
const rendererOnly = new Set(['ipcRenderer', 'contextBridge']);
const fake = () => globalThis[key] || {};
module.exports = new Proxy(
  {},
  {
    get: (_target, name) => (rendererOnly.has(name) ? undefined : fake()[name]),
    has: (_target, name) => !rendererOnly.has(name) && name in fake(),
  },
);
