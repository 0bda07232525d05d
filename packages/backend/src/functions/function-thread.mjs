// A function thread (functions.ts starts it): loads its TypeScript through tsx, as the backend's own code is
// loaded. Plain JavaScript so it starts in a Worker under tsx, vitest and plain node alike.
import { tsImport } from 'tsx/esm/api';

await tsImport('./function-thread.ts', import.meta.url);
