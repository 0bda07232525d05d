import { createContext, useContext } from 'react';
import { decodePostCreateResponse, MESSAGES, POST_CREATE_FUNCTION } from '@snapshire/contracts';
import type { UploadProgress } from './postFormState.ts';

/** One multipart POST to the handle-post-create function, as signed in. */
export interface PostCreateRequest {
  /** `${supabaseUrl}/functions/v1/handle-post-create` */
  url: string;
  /** The project's public anon key (Supabase's gateway wants it on every call). */
  apiKey: string;
  /** The signed-in user's access token: the function posts as this user. */
  accessToken: string;
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

export interface PostCreateResult {
  postId: string;
}

/** Sends the request; resolves with the new post's id or rejects (PostCreateRefusedError when the server said why). */
export type PostCreateTransport = (request: PostCreateRequest) => Promise<PostCreateResult>;

/** The server refused the post and said why, in words meant for the user. */
export class PostCreateRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PostCreateRefusedError';
  }
}

export function postCreateFunctionUrl(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${POST_CREATE_FUNCTION}`;
}

/**
 * Reads handle-post-create's answer with the response schemas of @snapshire/contracts: 201 {post: {id}}, or
 * {error: message} with a 4xx/5xx status. Anything else (a proxy's HTML page, an empty body) is a failure
 * without a message of its own.
 */
export function readPostCreateResponse(status: number, bodyText: string): PostCreateResult {
  const answer = decodePostCreateResponse(status, bodyText);
  if (answer.outcome === 'created') return { postId: answer.postId };
  if (answer.outcome === 'refused') throw new PostCreateRefusedError(answer.error, status);
  throw new Error(`handle-post-create answered ${status} without a post or an error`);
}

/** What the screen says when a submission fails. */
export function submissionMessage(error: unknown): string {
  if (error instanceof PostCreateRefusedError) return error.message;
  if (error instanceof Error) return MESSAGES.POST_CREATE_FAILED;
  return MESSAGES.UNKNOWN_ERROR;
}

/**
 * XMLHttpRequest rather than fetch (or functions.invoke): only XHR reports upload progress in every
 * browser, and a 10MB photo on a slow link needs a progress bar.
 */
export const xhrPostCreateTransport: PostCreateTransport = ({ url, apiKey, accessToken, body, onProgress }) =>
  new Promise<PostCreateResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('apikey', apiKey);
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    }
    xhr.onload = () => {
      try {
        resolve(readPostCreateResponse(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
    xhr.onabort = () => reject(new Error('The upload was aborted.'));
    xhr.ontimeout = () => reject(new Error('The upload timed out.'));
    xhr.send(body);
  });

/** Lets tests (and a standalone dev page) swap the network for a fake. */
export const PostCreateTransportContext = createContext<PostCreateTransport>(xhrPostCreateTransport);

export function usePostCreateTransport(): PostCreateTransport {
  return useContext(PostCreateTransportContext);
}
