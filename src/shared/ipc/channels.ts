/**
 * The two Electron IPC channel names, in a file of their own with no imports.
 * The sandboxed preload bundles whatever it imports at run time
 * (electron.vite.config.ts); taking these from here, and only types from the
 * contract, keeps zod and every interface schema out of it.
 */
export const IPC_INVOKE_CHANNEL = 'fleetdesk:invoke';
export const IPC_PUSH_CHANNEL = 'fleetdesk:push';
