/**
 * The e2e stack's ports (README.md "Tests"): backend 55321, host and remotes 5273-5276. E2E_PORT_OFFSET shifts all,
 * so two runs can share a machine (e.g. E2E_PORT_OFFSET=1000: 56321 and 6273-6276).
 */
const offset = Number(process.env.E2E_PORT_OFFSET || 0);
export const E2E_PORTS = {
  backend: 55321 + offset,
  host: 5273 + offset,
  remote_browse: 5274 + offset,
  remote_auth: 5275 + offset,
  remote_upload: 5276 + offset,
} as const;

/** Chromium from Debian (Playwright cannot download browsers here) and the flags that keep it off the network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
