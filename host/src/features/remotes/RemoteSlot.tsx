import { Box, Button, CloseButton, Dialog, Portal } from '@snapshire/shell-components';
import { MESSAGES } from '@snapshire/contracts';
import { ErrorPanel, LoadingState } from '@snapshire/ui';
import { RotateCw } from 'lucide-react';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useRemoteTimeoutMs } from '../../app/runtimeConfig.tsx';
import { RemoteFirstByteTimeoutError, RemoteNotConfiguredError } from './federatedRemotes.ts';
import type { RemoteModule } from './remoteModule.ts';
import { FirstRenderHtml, useEarlyFirstRender } from './earlyFirstRender.tsx';

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
  /** The loader gave up (after its own recovery, if it had one): show the fallback. */
  failed: boolean;
  /** This attempt has re-read the remote's manifest already: a further failure shows the fallback. */
  recovered: boolean;
}

/**
 * One lazy component per remote module, kept across mounts so going back to a page does not show the spinner
 * again. React.lazy caches a rejection for good, so a failed attempt is replaced by a new lazy() (on Retry,
 * or when the slot mounts again); the federation runtime does not cache failures, so that reloads the remote.
 */
const attempts = new Map<string, Attempt>();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function checked(id: string, module: RemoteModule): RemoteModule {
  if (typeof module?.default !== 'function' && typeof module?.default !== 'object')
    throw new Error(`${id} has no default export`);
  return module;
}

/**
 * A new attempt at loading `id`. A failed load (a chunk of an older build gone after a redeploy, a remote
 * briefly down) is retried once on its own after `reload` has re-read the remote's manifest; only a second
 * failure reaches the fallback. `recoverFirst` (Retry, or a chunk that failed while rendering) re-reads the
 * manifest before loading. All of it stays within the time-out.
 */
function newAttempt(
  id: string,
  load: RemoteLoader,
  reload: RemoteReloader | undefined,
  timeoutMs: number,
  recoverFirst = false,
  checkForUpdate?: () => Promise<boolean>,
): Attempt {
  const attempt: Attempt = {
    generation: (attempts.get(id)?.generation ?? 0) + 1,
    failed: false,
    recovered: false,
    Component: lazy(() =>
      withTimeout(
        (async () => {
          if (recoverFirst && reload) {
            attempt.recovered = true;
            await reload();
            return checked(id, await load());
          }
          // A screen not loaded yet on this page: if its remote was redeployed since, load the new build.
          if (checkForUpdate) await checkForUpdate().catch(() => false);
          try {
            return checked(id, await load());
          } catch (error) {
            if (!reload || error instanceof RemoteNotConfiguredError) throw error;
            console.warn(`[${id}] did not load (${message(error)}): re-reading its manifest and trying once more`);
            attempt.recovered = true;
            await reload();
            return checked(id, await load());
          }
        })(),
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

/**
 * Forgets the cached screens of one remote (ids starting with `remote/`) but `keep`: after the remote moved to
 * a new build, its other screens load from that build on their next mount rather than mixing builds.
 */
export function forgetRemoteSlots(remote: string, keep?: string): void {
  for (const id of [...attempts.keys()]) if (id.startsWith(`${remote}/`) && id !== keep) attempts.delete(id);
}

/** Re-reads the remote's manifest and registers its current build (federatedRemotes.reloadRemote). */
export type RemoteReloader = () => Promise<unknown>;

export interface RemoteSlotProps {
  /** The federation id, e.g. remote_browse/GroupsPage. */
  id: string;
  /** The part of the site it is, named in the fallback: "Browsing is unavailable right now". */
  part: string;
  load: RemoteLoader;
  /** Re-reads the remote's manifest before the one automatic retry and before Retry. */
  reload?: RemoteReloader;
  /**
   * Asked when the slot mounts with a screen already loaded: resolves true when the remote has been
   * redeployed (and the new build registered), so this navigation gets the new build.
   */
  checkForUpdate?: () => Promise<boolean>;
  /** Overrides the runtime config's time-out. */
  timeoutMs?: number;
  /**
   * Where the spinner and the fallback are drawn: in the page (default), or in a dialog over it (a screen that
   * is itself a modal, like the post view over the gallery), closed with `onClose`.
   */
  presentation?: { kind: 'page' } | { kind: 'dialog'; onClose: () => void };
}

/**
 * Renders a federated screen: while it loads, its first render where the page's first script drew one (else a
 * spinner), and if it fails or takes longer than the time-out, a fallback inside the shell that names the
 * unavailable part and offers Retry (no page reload). A failure is first retried once on its own, after re-reading the remote's manifest (a redeploy removed the chunks of the
 * build this page had loaded): the user sees the new build, not the fallback.
 */
export function RemoteSlot({
  id,
  part,
  load,
  reload,
  checkForUpdate,
  timeoutMs,
  presentation = { kind: 'page' },
}: RemoteSlotProps) {
  const configuredTimeout = useRemoteTimeoutMs();
  const ms = timeoutMs ?? configuredTimeout;
  const [initial] = useState(() => {
    const cached = attempts.get(id);
    return cached && !cached.failed
      ? { attempt: cached, cached: true }
      : { attempt: newAttempt(id, load, reload, ms, false, checkForUpdate), cached: false };
  });
  const [attempt, setAttempt] = useState<Attempt>(initial.attempt);
  // A screen kept from an earlier visit: if its remote has been redeployed since, this visit gets the new build.
  useEffect(() => {
    if (!initial.cached || !checkForUpdate) return;
    let current = true;
    void checkForUpdate().then((updated) => {
      if (updated && current) setAttempt(newAttempt(id, load, reload, ms));
    });
    return () => {
      current = false;
    };
  }, [initial.cached, checkForUpdate, id, load, reload, ms]);
  const retry = () => setAttempt(newAttempt(id, load, reload, ms, true));
  const Screen = attempt.Component;
  const loading =
    presentation.kind === 'page' ? (
      <ScreenLoading id={id} part={part} />
    ) : (
      <LoadingState label={`Loading ${part.toLowerCase()}…`} />
    );
  return (
    <RemoteErrorBoundary
      key={attempt.generation}
      id={id}
      part={part}
      onRetry={retry}
      // A screen that loaded and then failed while rendering (a chunk of its build gone): recover once alone.
      recoverOnError={() => !!reload && !attempt.recovered && !attempt.failed}
      recovering={<PresentedLoading presentation={presentation}>{loading}</PresentedLoading>}
      presentation={presentation}
    >
      <Suspense fallback={<PresentedLoading presentation={presentation}>{loading}</PresentedLoading>}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** The screen's first render where the page's first script left one for this address; else a spinner. */
function ScreenLoading({ id, part }: { id: string; part: string }) {
  const firstRender = useEarlyFirstRender(id);
  return firstRender === undefined ? (
    <LoadingState label={`Loading ${part.toLowerCase()}…`} />
  ) : (
    <FirstRenderHtml html={firstRender} />
  );
}

/**
 * The spinner, in the page or, for a modal screen, on a full-screen cover with the modal's own background, so
 * the modal appears at its final size at once. Not a dialog: the screen's own modal takes over from it, and a
 * dialog closing would hand focus back to the page under that modal (which closes it).
 */
function PresentedLoading({
  presentation,
  children,
}: {
  presentation: RemoteSlotProps['presentation'];
  children: ReactNode;
}) {
  if (presentation?.kind !== 'dialog') return <>{children}</>;
  return (
    <Portal>
      <Box
        position="fixed"
        inset="0"
        zIndex="modal"
        bg="bg.panel"
        display="grid"
        placeItems="center"
        data-testid="remote-slot-loading"
      >
        {children}
      </Box>
    </Portal>
  );
}

/** Draws the fallback in the page, or in a dialog for a screen that is a modal itself. */
function Presented({ presentation, children }: { presentation: RemoteSlotProps['presentation']; children: ReactNode }) {
  if (presentation?.kind !== 'dialog') return <>{children}</>;
  return (
    // Closed only by the user (Close or Esc): this dialog gives way to the screen's own modal once it loads,
    // and that hand-over must not count as "closed".
    <Dialog.Root
      open
      size="md"
      placement="center"
      closeOnInteractOutside={false}
      onEscapeKeyDown={presentation.onClose}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="remote-slot-dialog">
            <Dialog.Body py="6">{children}</Dialog.Body>
            <CloseButton
              aria-label={MESSAGES.CLOSE}
              size="sm"
              position="absolute"
              top="2"
              insetEnd="2"
              onClick={presentation.onClose}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface BoundaryProps {
  id: string;
  part: string;
  onRetry: () => void;
  /** Read when an error arrives: the attempt learns whether its loader failed only as the promise settles. */
  recoverOnError: () => boolean;
  recovering: ReactNode;
  presentation: RemoteSlotProps['presentation'];
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (this.props.recoverOnError()) {
      console.warn(`[${this.props.id}] failed while rendering (${error.message}): re-reading its manifest`);
      this.props.onRetry();
      return;
    }
    console.error(`[${this.props.id}] ${this.props.part} is unavailable:`, error.message, info.componentStack ?? '');
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.recoverOnError()) return this.props.recovering;
    return (
      <Presented presentation={this.props.presentation}>
        <RemoteUnavailable
          part={this.props.part}
          timedOut={error instanceof RemoteLoadTimeoutError || error instanceof RemoteFirstByteTimeoutError}
          onRetry={this.props.onRetry}
        />
      </Presented>
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
