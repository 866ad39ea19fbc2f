import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serve, settingsOrExit, stopOnSignals } from './serve';
import { SettingsError } from './settings';

/** A stand-in for `process`: signals the test raises, and the exit codes asked for. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return {
    process: {
      once: (signal: 'SIGTERM' | 'SIGINT', listener: () => void) => emitter.once(signal, listener),
      exit: (code: number) => void exits.push(code),
    },
    signal: (name: 'SIGTERM' | 'SIGINT') => emitter.emit(name),
    exits,
  };
}

const quietLog = () => ({ info: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() });

afterEach(() => {
  vi.useRealTimers();
});

describe('serving and stopping', () => {
  it('listens, and on SIGTERM closes the server, then releases what the app holds, then exits 0', async () => {
    const proc = fakeProcess();
    const steps: string[] = [];
    const app = {
      listen: async (options: { port: number; host: string }) => {
        steps.push(`listen ${options.host}:${options.port}`);
        return `http://${options.host}:${options.port}`;
      },
      close: async () => void steps.push('close'),
    };
    const address = await serve(app, {
      name: 'API',
      port: 3000,
      host: 'localhost',
      onShutdown: async () => void steps.push('store closed'),
      process: proc.process,
      log: quietLog(),
    });
    expect(address).toBe('http://localhost:3000');
    proc.signal('SIGTERM');
    await vi.waitFor(() => expect(proc.exits).toEqual([0]));
    expect(steps).toEqual(['listen localhost:3000', 'close', 'store closed']);
  });

  it('stops once however many signals arrive while stopping', async () => {
    const proc = fakeProcess();
    let stops = 0;
    let finish = () => {};
    stopOnSignals(
      () => {
        stops += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { name: 'calendar service', process: proc.process, log: quietLog() },
    );
    proc.signal('SIGINT');
    proc.signal('SIGTERM');
    expect(stops).toBe(1);
    finish();
    await vi.waitFor(() => expect(proc.exits).toEqual([0]));
  });

  it('exits 1 with the reason when stopping fails', async () => {
    const proc = fakeProcess();
    const log = quietLog();
    stopOnSignals(() => Promise.reject(new Error('store busy')), { name: 'API', process: proc.process, log });
    proc.signal('SIGTERM');
    await vi.waitFor(() => expect(proc.exits).toEqual([1]));
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining('API did not stop cleanly: Error: store busy'),
    );
  });

  it('exits 1 when stopping takes longer than the grace period', async () => {
    vi.useFakeTimers();
    const proc = fakeProcess();
    const log = quietLog();
    stopOnSignals(() => new Promise(() => {}), { name: 'model', graceMs: 5_000, process: proc.process, log });
    proc.signal('SIGTERM');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(proc.exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(proc.exits).toEqual([1]);
    expect(log.error).toHaveBeenCalledWith('model did not stop within 5000 ms; exiting anyway');
  });

  it('turns an unusable setting into one line and exit 1, and lets other errors through', () => {
    const proc = fakeProcess();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() =>
        settingsOrExit(
          'The API',
          () => {
            throw new SettingsError('API_PORT must be a whole number from 0 to 65535, not "x".');
          },
          proc.process,
        ),
      ).toThrow(SettingsError);
      expect(proc.exits).toEqual([1]);
      expect(errors).toHaveBeenCalledWith(
        'The API did not start: API_PORT must be a whole number from 0 to 65535, not "x".',
      );
      expect(() =>
        settingsOrExit(
          'The API',
          () => {
            throw new TypeError('bug');
          },
          proc.process,
        ),
      ).toThrow(TypeError);
      expect(settingsOrExit('The API', () => 42, proc.process)).toBe(42);
    } finally {
      errors.mockRestore();
    }
  });
});
