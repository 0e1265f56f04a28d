import { spawn } from 'node:child_process';
import { installedElectronBinary } from './electron-binary';

/**
 * `npm start`: the desktop app (electron-vite dev, demo fleet on first run).
 * Where the Electron runtime could not be obtained (its binary is downloaded
 * at install time, which some networks forbid), say so and start the browser
 * shell instead, which runs the same core and renderer.
 */
function run(command: string, args: readonly string[]): void {
  const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}

const binary = installedElectronBinary();
if (binary) {
  run('npx', ['electron-vite', 'dev', ...process.argv.slice(2)]);
} else {
  process.stderr.write(
    'Fleetdesk: the Electron runtime is not installed here (its download was blocked or skipped).\n' +
      'Starting the browser shell instead: the same app in your browser, at the address printed below.\n',
  );
  run('npx', ['tsx', 'src/main/browser-shell/cli.ts', ...process.argv.slice(2)]);
}
