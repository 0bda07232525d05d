/**
 * Phoenix's websocket frames, as realtime-js writes and reads them (node_modules/@supabase/realtime-js
 * lib/serializer.js and RealtimeClient's vsn switch):
 * - vsn 1.0.0: a JSON object {topic, event, payload, ref, join_ref};
 * - vsn 2.0.0: a JSON array [join_ref, ref, topic, event, payload], plus binary frames for broadcasts with a
 *   user payload (kind 3: header lengths, then join_ref, ref, topic, event and metadata, then the payload).
 */

export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** Everything of a frame but its payload. */
export type PhoenixHead = Omit<PhoenixMessage, 'payload'>;

/** realtime-js's binary "user broadcast push" frame (lib/serializer.js KINDS.userBroadcastPush). */
const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST_PUSH_HEADER = 7;

function refOf(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** A frame from a client, or undefined when it is not one realtime-js would send. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): PhoenixMessage | undefined {
  if (isBinary) return vsn === '2.0.0' ? decodeBroadcastPush(data) : undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const m = parsed as Record<string, unknown>;
  if (typeof m.topic !== 'string' || typeof m.event !== 'string') return undefined;
  return { joinRef: refOf(m.join_ref), ref: refOf(m.ref), topic: m.topic, event: m.event, payload: m.payload };
}

/** The head of a binary broadcast push; its user payload is not read (broadcast is not served). */
function decodeBroadcastPush(data: Buffer): PhoenixMessage | undefined {
  if (data.length < USER_BROADCAST_PUSH_HEADER || data[0] !== USER_BROADCAST_PUSH) return undefined;
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!];
  let at = USER_BROADCAST_PUSH_HEADER;
  const parts: string[] = [];
  for (const length of lengths) {
    if (at + length > data.length) return undefined;
    parts.push(data.subarray(at, at + length).toString('latin1'));
    at += length;
  }
  const [joinRef, ref, topic, userEvent] = parts as [string, string, string, string];
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event: userEvent },
  };
}

/** A frame to a client; `payloadJson` is the payload already in JSON (a change is encoded once for many). */
export function encodeFrame(vsn: Vsn, head: PhoenixHead, payloadJson: string): string {
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(head.joinRef)},${JSON.stringify(head.ref)},${JSON.stringify(head.topic)},${JSON.stringify(head.event)},${payloadJson}]`;
  }
  // Phoenix's V1 serializer writes no join_ref.
  return `{"topic":${JSON.stringify(head.topic)},"event":${JSON.stringify(head.event)},"payload":${payloadJson},"ref":${JSON.stringify(head.ref)}}`;
}

/** The answer to a client's push: phx_reply with {status, response}. */
export function replyPayload(status: 'ok' | 'error', response: unknown): string {
  return JSON.stringify({ status, response });
}
