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
