/**
 * Setup file of the unit projects (vitest.config.ts): a unit test runs in
 * this process and nowhere else, so the loop stays about a minute long on a
 * 2-core machine. A test that opens a socket, starts a worker thread or runs
 * a program is an integration (or e2e) test; it fails here at the call,
 * saying so, instead of slowing the loop down unnoticed.
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

function refuse(what: string): never {
  throw new Error(
    `A unit test ${what}: list its file in the integration (or e2e) project of vitest.config.ts.`,
  );
}

net.Server.prototype.listen = function listen(): never {
  refuse('listens on a socket');
};
net.Socket.prototype.connect = function connect(): never {
  refuse('opens a network connection');
};

class NoWorker {
  constructor() {
    refuse('starts a worker thread');
  }
}
Object.assign(workerThreads, { Worker: NoWorker });

const programs = ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const;
for (const name of programs)
  Object.assign(childProcess, {
    [name]: (command: unknown) => refuse(`runs a program (${String(command)})`),
  });

// `import { Worker } from 'node:worker_threads'` in the code under test sees these too.
syncBuiltinESMExports();
