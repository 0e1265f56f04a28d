// Where Node's own require('electron') lands in tests (electron-log, electron-updater):
// the shared fake of test/mocks/electron.ts, which registers the hook that points here.
'use strict';
const key = Symbol.for('fleetdesk.fakeElectron');
module.exports = new Proxy(
  {},
  {
    get: (_target, name) => (globalThis[key] ? globalThis[key][name] : undefined),
    has: (_target, name) => Boolean(globalThis[key]) && name in globalThis[key],
  },
);
