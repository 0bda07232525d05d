/** Types for scripts/deploy-remote.mjs (used by the e2e suite). */
export function deployRemoteBuild(
  distDir: string,
  dest: string,
  options?: { log?: (line: string) => void },
): Promise<{ buildId: string; added: string[]; kept: number }>;
