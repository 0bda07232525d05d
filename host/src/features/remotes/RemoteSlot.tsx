import { Box, Button } from '@chakra-ui/react';
import { MESSAGES } from '@snapshire/contracts';
import { ErrorPanel, LoadingState } from '@snapshire/ui';
import { RotateCw } from 'lucide-react';
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useRemoteTimeoutMs } from '../../app/runtimeConfig.tsx';

/** What a federated screen module looks like: a default-exported component taking no props. */
export interface RemoteModule {
  default: ComponentType;
}
export type RemoteLoader = () => Promise<RemoteModule>;

/** A remote that has not loaded within the time-out (ES module loading has no time-out of its own). */
export class RemoteLoadTimeoutError extends Error {
  constructor(id: string, ms: number) {
    super(`${id} did not load within ${ms} ms`);
    this.name = 'RemoteLoadTimeoutError';
  }
}

/** Settles like `promise`, or rejects with RemoteLoadTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, id: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadTimeoutError(id, ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface Attempt {
  generation: number;
  Component: LazyExoticComponent<ComponentType>;
  failed: boolean;
}

/**
 * One lazy component per remote module, kept across mounts so going back to a page does not show the spinner
 * again. React.lazy caches a rejection for good, so a failed attempt is replaced by a new lazy() (on Retry,
 * or when the slot mounts again); the federation runtime does not cache failures, so that reloads the remote.
 */
const attempts = new Map<string, Attempt>();

function newAttempt(id: string, load: RemoteLoader, timeoutMs: number): Attempt {
  const attempt: Attempt = {
    generation: (attempts.get(id)?.generation ?? 0) + 1,
    failed: false,
    Component: lazy(() =>
      withTimeout(
        (async () => load())().then((module) => {
          if (typeof module?.default !== 'function' && typeof module?.default !== 'object')
            throw new Error(`${id} has no default export`);
          return module;
        }),
        timeoutMs,
        id,
      ).catch((error: unknown) => {
        attempt.failed = true;
        throw error;
      }),
    ),
  };
  attempts.set(id, attempt);
  return attempt;
}

/** Forgets every cached attempt (tests). */
export function resetRemoteSlots(): void {
  attempts.clear();
}

export interface RemoteSlotProps {
  /** The federation id, e.g. remote_browse/GroupsPage. */
  id: string;
  /** The part of the site it is, named in the fallback: "Browsing is unavailable right now". */
  part: string;
  load: RemoteLoader;
  /** Overrides the runtime config's time-out. */
  timeoutMs?: number;
}

/**
 * Renders a federated screen: a spinner while it loads, and if it fails or takes longer than the time-out, a
 * fallback inside the shell that names the unavailable part and offers Retry (no page reload).
 */
export function RemoteSlot({ id, part, load, timeoutMs }: RemoteSlotProps) {
  const configuredTimeout = useRemoteTimeoutMs();
  const ms = timeoutMs ?? configuredTimeout;
  const [attempt, setAttempt] = useState<Attempt>(() => {
    const cached = attempts.get(id);
    return cached && !cached.failed ? cached : newAttempt(id, load, ms);
  });
  const retry = () => setAttempt(newAttempt(id, load, ms));
  const Screen = attempt.Component;
  return (
    <RemoteErrorBoundary key={attempt.generation} id={id} part={part} onRetry={retry}>
      <Suspense fallback={<LoadingState label={`Loading ${part.toLowerCase()}…`} />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

interface BoundaryProps {
  id: string;
  part: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.id}] ${this.props.part} is unavailable:`, error.message, info.componentStack ?? '');
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <RemoteUnavailable
        part={this.props.part}
        timedOut={error instanceof RemoteLoadTimeoutError}
        onRetry={this.props.onRetry}
      />
    );
  }
}

export function RemoteUnavailable({
  part,
  timedOut,
  onRetry,
}: {
  part: string;
  timedOut: boolean;
  onRetry: () => void;
}) {
  return (
    <Box px={{ base: '4', md: '6' }}>
      <ErrorPanel
        title={`${part} ${MESSAGES.REMOTE_UNAVAILABLE}`}
        message={timedOut ? MESSAGES.REMOTE_TIMED_OUT_TEXT : MESSAGES.REMOTE_FAILED_TEXT}
        action={
          <Button onClick={onRetry} colorPalette="brand">
            <RotateCw /> {MESSAGES.RETRY}
          </Button>
        }
      />
    </Box>
  );
}
