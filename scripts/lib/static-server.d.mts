export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startStaticServer(options: {
  root: string;
  port: number;
  host?: string;
  spa?: boolean;
  overrides?: Record<string, string | (() => string)>;
}): Promise<RunningServer>;

export function startHangingServer(options?: { port?: number; host?: string }): Promise<RunningServer>;

/** The Content-Security-Policy of a page served beside a runtime config (backend and remote URLs). */
export function contentSecurityPolicy(
  config: { supabaseUrl?: unknown; remotes?: unknown; landingImageUrl?: unknown } | null,
  inlineScriptHashes?: string[],
): string;
/** sha256 CSP sources of the inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[];
/** The client's most preferred encoding (q > 0) among `available`, or null. */
export function negotiateEncoding(acceptEncoding: string | undefined, available: string[]): string | null;

/** The id of the JSON data block carrying the runtime config in a served page. */
export const RUNTIME_CONFIG_ELEMENT_ID: string;
/** `html` with the runtime config inlined (a JSON data block) and preconnect hints to its origins. */
export function injectRuntimeConfig(html: string, config: object): string;
export function insertAtHeadStart(html: string, snippet: string): string;
