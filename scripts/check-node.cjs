// Run first by `npm start`, `npm test`, `npm run service` and `npm run dev:browser`, before
// anything native loads: under an older Node, better-sqlite3 dies with a bare segmentation
// fault instead of an explanation. Plain CommonJS with no dependencies, so that it runs
// under any Node a newcomer may have. The version to check can be given as an argument
// (`node scripts/check-node.cjs 20.20.2`), which is how its test plays an old Node.
'use strict';
var fs = require('fs');
var path = require('path');

var root = path.join(__dirname, '..');
var engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines || {};
var wanted = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(String(engines.node || '').trim());
if (!wanted) {
  process.stderr.write('scripts/check-node.cjs: package.json engines.node must read ">=X.Y.Z".\n');
  process.exit(2);
}
var given = process.argv[2] || process.versions.node;
var have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(given);

function atLeast(a, b) {
  for (var i = 1; i <= 3; i++) if (Number(a[i]) !== Number(b[i])) return Number(a[i]) > Number(b[i]);
  return true;
}

if (!have || !atLeast(have, wanted)) {
  var minimum = wanted[3] === '0' ? wanted[1] + '.' + wanted[2] : wanted.slice(1).join('.');
  process.stderr.write(
    'Fleetdesk needs Node ' + minimum + ' or newer (you have ' + given.replace(/^v/, '') + '); see .nvmrc\n',
  );
  process.exit(1);
}
