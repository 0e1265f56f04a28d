/**
 * The two Electron IPC channel names, in a file of their own with no imports,
 * so the sandboxed preload bundles a few bytes instead of zod and every
 * interface schema (the contract's types are erased at build time).
 */
export const IPC_INVOKE_CHANNEL = 'fleetdesk:invoke';
export const IPC_PUSH_CHANNEL = 'fleetdesk:push';
