/**
 * The process componentBackend.ts starts for a component test file: the backend on the product's project
 * (options as JSON in argv[2]), announced on stdout as one `READY {...}` line, then set-up requests as JSON
 * lines on stdin, each answered on stdout. It stops when stdin closes (the test's afterAll, or the test
 * process dying), so no backend outlives its test file.
 */
import { createInterface } from 'node:readline';
import { PHOTO_BUCKET } from '@snapshire/contracts';
import { DEFAULT_PROJECT_DIR, type BackendOptions } from '../src/config/config.ts';
import { jpeg, startTestBackend, supabaseClient } from './backend.ts';
import type { SetupRequest } from './componentBackend.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as BackendOptions;
const backend = await startTestBackend({ projectDir: DEFAULT_PROJECT_DIR, seed: false, ...options });
const admin = supabaseClient(backend, backend.serviceRoleKey);
const photo = await jpeg(32, 24);

async function perform(request: SetupRequest): Promise<unknown> {
  switch (request.op) {
    case 'sql':
      return backend.sql(request.text, request.params);
    case 'createUser': {
      const { data, error } = await admin.auth.admin.createUser({
        email: request.email,
        password: request.password,
        email_confirm: request.confirmed,
        ...(request.displayName ? { user_metadata: { display_name: request.displayName } } : {}),
      });
      if (error || !data.user) throw new Error(`Could not create ${request.email}: ${error?.message ?? 'no user'}`);
      return data.user.id;
    }
    case 'storePhoto': {
      const { error } = await admin.storage
        .from(PHOTO_BUCKET)
        .upload(request.path, photo, { contentType: 'image/jpeg', upsert: true });
      if (error) throw new Error(`Could not store ${request.path}: ${error.message}`);
      return null;
    }
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const { id, ...request } = JSON.parse(line) as SetupRequest & { id: number };
  perform(request as SetupRequest).then(
    (result) => process.stdout.write(`${JSON.stringify({ id, result })}\n`),
    (err: unknown) => process.stdout.write(`${JSON.stringify({ id, error: String(err) })}\n`),
  );
});
lines.on('close', () => {
  void backend.stop().then(() => process.exit(0));
});
process.stdout.write(`READY ${JSON.stringify({ url: backend.url, anonKey: backend.anonKey })}\n`);
