// contextBridge exposure of window.fleetdesk (issue 4).
export {};
