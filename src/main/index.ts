// Electron entry: bootstraps the shell in src/main/electron (issue 4).
export {};
