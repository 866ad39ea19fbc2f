/**
 * Starting and stopping a server the same way in every app. SIGTERM (an orchestrator, `docker stop`) and SIGINT
 * (Ctrl+C) stop taking connections, let in-flight requests finish, then release what the app holds (a store, a
 * file); a second signal while stopping changes nothing. The wait is bounded: a request that never ends must not
 * keep a stopped server alive until the orchestrator kills it without a word, so past `graceMs` the process
 * says so and exits 1.
 */
import { SettingsError } from './settings';

/** Where a message about stopping goes: console or a Fastify (pino) logger both fit. */
export type StopLog = { info(message: string): void; error(message: string): void };

/** The part of `process` this module uses (tests pass their own). */
export type StopProcess = {
  once(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown;
  exit(code: number): void;
};

export type StopOptions = {
  /** The app's name in messages ("API", "calendar service"). */
  readonly name: string;
  readonly log?: StopLog;
  /** How long stopping may take before the process exits anyway; 10 seconds by default. */
  readonly graceMs?: number;
  readonly process?: StopProcess;
};

export const DEFAULT_GRACE_MS = 10_000;

const describe = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/** Calls `stop` once on the first SIGTERM or SIGINT, then exits 0 (or 1 when it failed or took too long). */
export function stopOnSignals(stop: () => Promise<unknown>, options: StopOptions): void {
  const proc = options.process ?? process;
  const log = options.log ?? console;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${options.name} stopping (${signal}): finishing in-flight requests`);
    const deadline = setTimeout(() => {
      log.error(`${options.name} did not stop within ${graceMs} ms; exiting anyway`);
      proc.exit(1);
    }, graceMs);
    // The deadline alone must not keep the process alive once everything else has stopped.
    deadline.unref();
    stop().then(
      () => {
        clearTimeout(deadline);
        log.info(`${options.name} stopped`);
        proc.exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log.error(`${options.name} did not stop cleanly: ${describe(error)}`);
        proc.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) proc.once(signal, () => onSignal(signal));
}

/** A server that listens and closes as Fastify's does. */
export type Listener = {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
};

export type ServeOptions = StopOptions & {
  readonly port: number;
  readonly host: string;
  /** What the app releases after the server has closed (a store, a database pool). */
  readonly onShutdown?: () => Promise<unknown>;
};

/** Listens, and stops on SIGTERM/SIGINT: the server closes first, then `onShutdown` runs. Resolves the address. */
export async function serve(app: Listener, options: ServeOptions): Promise<string> {
  stopOnSignals(async () => {
    await app.close();
    await options.onShutdown?.();
  }, options);
  return app.listen({ port: options.port, host: options.host });
}

/**
 * The settings `read` returns, or, when one is unusable, a one-line message naming it and exit 1: an operator
 * needs the variable to fix, not a stack trace.
 */
export function settingsOrExit<T>(name: string, read: () => T, proc: Pick<StopProcess, 'exit'> = process): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`${name} did not start: ${error.message}`);
    proc.exit(1);
    // Only reached when `proc.exit` returns (tests).
    throw error;
  }
}
