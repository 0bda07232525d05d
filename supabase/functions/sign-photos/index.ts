// Edge function sign-photos (Supabase Edge Runtime / Deno; the embedded backend mounts it too).
// Bare imports resolve through deno.json on Deno and node_modules on Node: one source for both runtimes.
import { signPhotos } from './handler.ts';

(
  globalThis as unknown as {
    Deno: {
      serve(
        handler: (req: Request, info?: { remoteAddr?: { hostname?: string } }) => Response | Promise<Response>,
      ): unknown;
    };
  }
).Deno.serve(signPhotos);
