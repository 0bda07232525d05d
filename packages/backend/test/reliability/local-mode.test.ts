import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsecureConfigError } from '../../src/index.ts';
import { startTestBackend } from '../../testing/backend.ts';
import { writeTestProject } from '../../testing/project.ts';
import { startBackendProcess, stopBackendProcess } from '../../testing/processes.ts';

const OWN_SECRET = 'a-secret-of-this-deployment-only-with-more-than-32-chars';
const SHORT_SECRET = 'only-31-characters-long-secret!';

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
      expect(lines.some((l) => l.includes('WARNING'))).toBe(false);
      for (const path of ['/mailbox', '/mailbox/api/messages', '/mailbox/api/messages?to=a@example.com']) {
        expect((await fetch(`${b.url}${path}`)).status).toBe(404);
      }
    } finally {
      await b.stop();
    }
  });
});

describe('a backend on a non-loopback interface refuses what would expose it (operator safety)', () => {
  let projectDir: string;
  beforeAll(async () => {
    projectDir = await writeTestProject();
  });
  afterAll(async () => {
    await rm(projectDir, { recursive: true, force: true });
  });

  it('refuses a JWT secret shorter than 32 characters, naming the override', async () => {
    const start = startTestBackend({ projectDir, host: '0.0.0.0', jwtSecret: SHORT_SECRET });
    await expect(start).rejects.toBeInstanceOf(InsecureConfigError);
    await expect(start).rejects.toThrow(/JWT secret is shorter than 32 characters.*ALLOW_INSECURE_PUBLIC_BACKEND=1/);
  });

  it('refuses the mailbox (every confirmation link, readable by anyone), naming the override', async () => {
    const start = startTestBackend({ projectDir, host: '0.0.0.0', jwtSecret: OWN_SECRET, mailbox: true });
    await expect(start).rejects.toBeInstanceOf(InsecureConfigError);
    await expect(start).rejects.toThrow(/\/mailbox is served.*ALLOW_INSECURE_PUBLIC_BACKEND=1/);
  });

  it('starts with the explicit override, warning on every start', async () => {
    for (let start = 0; start < 2; start++) {
      const lines: string[] = [];
      const b = await startTestBackend({
        projectDir,
        host: '0.0.0.0',
        jwtSecret: SHORT_SECRET,
        mailbox: true,
        allowInsecurePublicBackend: true,
        log: (m) => lines.push(m),
      });
      try {
        const warning = lines.find((l) => l.startsWith('WARNING') && l.includes('ALLOW_INSECURE_PUBLIC_BACKEND'));
        expect(warning).toContain('0.0.0.0');
        expect(warning).toContain('JWT secret is shorter than 32 characters');
        expect(warning).toContain('/mailbox is served');
        expect((await fetch(`${b.url}/mailbox/api/messages`)).status).toBe(200);
      } finally {
        await b.stop();
      }
    }
  });

  it('keeps loopback as it is: a short secret and the mailbox start without a refusal or a warning', async () => {
    const lines: string[] = [];
    const b = await startTestBackend({ projectDir, jwtSecret: SHORT_SECRET, mailbox: true, log: (m) => lines.push(m) });
    try {
      expect(lines.some((l) => l.includes('WARNING'))).toBe(false);
      expect((await fetch(`${b.url}/mailbox/api/messages`)).status).toBe(200);
    } finally {
      await b.stop();
    }
  });

  it('the CLI (HOST, JWT_SECRET, MAILBOX) exits with code 5 and the reason, or starts with ALLOW_INSECURE_PUBLIC_BACKEND=1', async () => {
    const env = {
      HOST: '0.0.0.0',
      JWT_SECRET: SHORT_SECRET,
      MAILBOX: '1',
      SUPABASE_PROJECT_DIR: projectDir,
      SEED: '0',
    };
    const refused = await startBackendProcess(env).then(
      async (p) => {
        await stopBackendProcess(p);
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/exited with 5[\s\S]*Refusing to listen on 0\.0\.0\.0/);
    const started = await startBackendProcess({ ...env, ALLOW_INSECURE_PUBLIC_BACKEND: '1' });
    try {
      expect(started.output()).toMatch(/WARNING: listening on 0\.0\.0\.0 .*ALLOW_INSECURE_PUBLIC_BACKEND/);
      expect((await fetch(`${started.url}/mailbox/api/messages`)).status).toBe(200);
    } finally {
      await stopBackendProcess(started);
    }
  });
});
