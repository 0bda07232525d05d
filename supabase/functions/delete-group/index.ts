// Edge function delete-group: the owner deletes a group with its members, invitations, posts and photos.
// Bare imports resolve through deno.json on Deno and node_modules on Node: one source for both runtimes.
import { deleteGroupRequestSchema } from '@snapshire/contracts';
import { deletionHandler } from '../_shared/deletion.ts';

const handler = deletionHandler(deleteGroupRequestSchema, ({ groupId }) => ({
  query: 'mutation DeleteGroup($groupId: UUID) { delete_group(group_id: $groupId) }',
  variables: { groupId },
}));

(
  globalThis as unknown as { Deno: { serve(handler: (req: Request) => Response | Promise<Response>): unknown } }
).Deno.serve(handler);
