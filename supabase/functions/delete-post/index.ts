// Edge function delete-post: the author, or an owner or admin of the group, deletes a post and its photo.
// Bare imports resolve through deno.json on Deno and node_modules on Node: one source for both runtimes.
import { deletePostRequestSchema } from '@snapshire/contracts';
import { deletionHandler } from '../_shared/deletion.ts';

const handler = deletionHandler(deletePostRequestSchema, ({ postId }) => ({
  query: 'mutation DeletePost($postId: UUID) { delete_post(post_id: $postId) }',
  variables: { postId },
}));

(
  globalThis as unknown as { Deno: { serve(handler: (req: Request) => Response | Promise<Response>): unknown } }
).Deno.serve(handler);
