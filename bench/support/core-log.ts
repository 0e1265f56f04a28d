/** The core's log in a bench: its info is noise between the figures; warnings and errors go to stderr, marked. */
export const coreLog = {
  info: (): undefined => undefined,
  warn: (m: string): void => void process.stderr.write(`  core: ${m}\n`),
  error: (m: string, err: unknown): void => void process.stderr.write(`  core: ${m}: ${String(err)}\n`),
};
