import { readFileSync } from 'node:fs';

/** A process' resident set size in bytes, from /proc (Linux); null elsewhere or once it has exited. */
export function rssBytesOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}
