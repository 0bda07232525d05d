import type { ProjectClient } from '@snapshire/data';

type RealtimeChannel = Parameters<Parameters<ProjectClient['liveChannel']>[1]>[0];

/** The page's client as a host of the release before shares it: supabase-js's, with channel() (e2e/tests/compat.spec.ts). */
interface SupabaseJsChannels {
  channel(topic: string): RealtimeChannel;
  removeChannel(channel: RealtimeChannel): Promise<unknown>;
}

/**
 * Opens a live channel on the page's one client (ProjectClient.liveChannel), or on supabase-js's where a host
 * of the release before shares that one. Returns what closes it. The fallback goes once e2e/compat/
 * previous-release names a release that has ProjectClient (d966eee or later).
 */
export function openLiveChannel(
  client: ProjectClient,
  topic: string,
  setUp: (channel: RealtimeChannel) => RealtimeChannel,
): () => void {
  if (typeof client.liveChannel === 'function') return client.liveChannel(topic, setUp);
  const older = client as unknown as SupabaseJsChannels;
  const channel = setUp(older.channel(topic));
  return () => void older.removeChannel(channel);
}
