import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsecureConfigError } from '../index.ts';
import { startTestBackend } from '../testing/backend.ts';
import { writeTestProject } from '../testing/project.ts';

const OWN_SECRET = 'a-secret-of-this-deployment-only-with-more-than-32-chars';

describe('local conveniences only in local mode', () => {
  let projectDir: string;
  beforeAll(async () => {
    projectDir = await writeTestProject();
  });
  afterAll(async () => {
    await rm(projectDir, { recursive: true, force: true });
  });

  it('refuses a non-loopback interface with the default JWT secret', async () => {
    await expect(startTestBackend({ projectDir, host: '0.0.0.0' })).rejects.toBeInstanceOf(InsecureConfigError);
  });

  it('warns about the default secret and serves the mailbox on loopback', async () => {
    const lines: string[] = [];
    const b = await startTestBackend({ projectDir, log: (m) => lines.push(m) });
    try {
      expect(lines.some((l) => l.includes('default JWT secret'))).toBe(true);
      expect((await fetch(`${b.url}/mailbox/api/messages`)).status).toBe(200);
    } finally {
      await b.stop();
    }
  });

  it('serves no mailbox on another interface unless explicitly enabled', async () => {
    const lines: string[] = [];
    const b = await startTestBackend({ projectDir, host: '0.0.0.0', jwtSecret: OWN_SECRET, log: (m) => lines.push(m) });
    try {
      expect(lines.some((l) => l.includes('default JWT secret'))).toBe(false);
      for (const path of ['/mailbox', '/mailbox/api/messages', '/mailbox/api/messages?to=a@example.com']) {
        expect((await fetch(`${b.url}${path}`)).status).toBe(404);
      }
    } finally {
      await b.stop();
    }
    const enabled = await startTestBackend({ projectDir, host: '0.0.0.0', jwtSecret: OWN_SECRET, mailbox: true });
    try {
      expect((await fetch(`${enabled.url}/mailbox/api/messages`)).status).toBe(200);
    } finally {
      await enabled.stop();
    }
  });
});
