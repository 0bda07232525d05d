// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePostCreateForm, MESSAGES } from '@snapshire/contracts';
import {
  PostCreateRefusedError,
  postCreateFunctionUrl,
  readPostCreateResponse,
  submissionMessage,
  xhrPostCreateTransport,
} from './postCreateTransport.ts';
import { buildPostCreateForm } from './postSubmission.ts';

describe('readPostCreateResponse', () => {
  it('reads the new post id from 201 {post: {id}}', () => {
    expect(readPostCreateResponse(201, JSON.stringify({ post: { id: 'p1' } }))).toEqual({ postId: 'p1' });
  });
  it.each([400, 401, 403, 404, 413, 415, 500])('passes on the server’s message with status %i', (status) => {
    expect(() => readPostCreateResponse(status, JSON.stringify({ error: MESSAGES.NOT_A_JPEG }))).toThrow(
      new PostCreateRefusedError(MESSAGES.NOT_A_JPEG, status),
    );
  });
  it('fails without a message of its own on a body it cannot read', () => {
    for (const [status, body] of [
      [502, '<html>Bad gateway</html>'],
      [201, '{}'],
      [500, ''],
    ] as const) {
      let thrown: unknown;
      try {
        readPostCreateResponse(status, body);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect(thrown).not.toBeInstanceOf(PostCreateRefusedError);
      expect(submissionMessage(thrown)).toBe(MESSAGES.POST_CREATE_FAILED);
    }
  });
});

describe('submissionMessage', () => {
  it('says the server’s words, the general failure, or the unknown error', () => {
    expect(submissionMessage(new PostCreateRefusedError('No.', 403))).toBe('No.');
    expect(submissionMessage(new TypeError('Failed to fetch'))).toBe(MESSAGES.POST_CREATE_FAILED);
    expect(submissionMessage({ reason: 'odd' })).toBe(MESSAGES.UNKNOWN_ERROR);
  });
});

describe('postCreateFunctionUrl', () => {
  it('points at the function under /functions/v1', () => {
    expect(postCreateFunctionUrl('http://127.0.0.1:54321/')).toBe(
      'http://127.0.0.1:54321/functions/v1/handle-post-create',
    );
  });
});

/**
 * A stand-in for handle-post-create on a real socket: it parses the multipart body the way the edge
 * function does (Request.formData + decodePostCreateForm) and answers like it.
 */
describe('xhrPostCreateTransport against an HTTP server', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ headers: IncomingMessage['headers']; parsed: unknown; fileBytes: number }> = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'authorization, apikey, content-type, x-client-info',
      };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      const request = new Request('http://local/functions/v1/handle-post-create', {
        method: 'POST',
        headers: req.headers as Record<string, string>,
        body: Readable.toWeb(req) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const form = await request.formData();
      const parsed = decodePostCreateForm(form);
      const file = form.get('file');
      seen.push({
        headers: req.headers,
        parsed,
        fileBytes: typeof file === 'object' && file !== null ? file.size : -1,
      });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== 'Bearer user-token') return json(401, { error: MESSAGES.NOT_SIGNED_IN });
      if (!parsed.success) return json(400, { error: parsed.issues[0], issues: parsed.issues });
      json(201, { post: { id: '9d0f1c84-7a0e-4f64-8d5e-2b1b3c4d5e6f' } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = postCreateFunctionUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const groupId = '6f1c2a7e-3b9d-4c1e-8f2a-0b1c2d3e4f50';
  const post = () => ({
    file: new File([new Uint8Array(300_000).fill(0xff)], 'harbour at dusk.jpg', { type: 'image/jpeg' }),
    description: 'Harbour at dusk',
    photoType: 'FILM' as const,
    categoryIds: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
    width: 4000,
    height: 3000,
  });

  it('posts the multipart form with apikey and bearer headers, reports progress, and reads the id', async () => {
    const progress: number[] = [];
    const result = await xhrPostCreateTransport({
      url,
      apiKey: 'anon-key',
      accessToken: 'user-token',
      body: buildPostCreateForm(groupId, post()),
      onProgress: ({ loaded, total }) => progress.push(total ? loaded / total : 0),
    });
    expect(result).toEqual({ postId: '9d0f1c84-7a0e-4f64-8d5e-2b1b3c4d5e6f' });

    const last = seen.at(-1)!;
    expect(last.headers.apikey).toBe('anon-key');
    expect(last.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last.fileBytes).toBe(300_000);
    expect(last.parsed).toMatchObject({
      success: true,
      data: {
        groupId,
        file: { name: 'harbour at dusk.jpg', type: 'image/jpeg' },
        description: 'Harbour at dusk',
        photoType: 'FILM',
        width: 4000,
        height: 3000,
        categoryIds: post().categoryIds,
      },
    });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('rejects with the server’s message when it refuses', async () => {
    const refused = xhrPostCreateTransport({
      url,
      apiKey: 'anon-key',
      accessToken: 'expired',
      body: buildPostCreateForm(groupId, post()),
    });
    await expect(refused).rejects.toEqual(new PostCreateRefusedError(MESSAGES.NOT_SIGNED_IN, 401));
  });

  it('rejects with a plain error when the server cannot be reached', async () => {
    const unreachable = xhrPostCreateTransport({
      url: 'http://127.0.0.1:9/functions/v1/handle-post-create',
      apiKey: 'anon-key',
      accessToken: 'user-token',
      body: buildPostCreateForm(groupId, post()),
    });
    const error = await unreachable.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(submissionMessage(error)).toBe(MESSAGES.POST_CREATE_FAILED);
  });
});
