import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { watchParent } from './parent.ts';

describe('watchParent', () => {
  it('tells when the given parent pid is gone, even without an IPC channel', async () => {
    const parent = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    const onGone = vi.fn();
    const stop = watchParent(parent.pid, onGone);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(onGone).not.toHaveBeenCalled();
      parent.kill('SIGKILL');
      await exited;
      await vi.waitFor(() => expect(onGone).toHaveBeenCalledOnce(), { timeout: 3000 });
      expect(onGone.mock.calls[0]?.[0]).toMatch(/is gone/);
    } finally {
      stop();
      parent.kill('SIGKILL');
    }
  });

  it('watches nothing for a room server started on its own', () => {
    const stop = watchParent(undefined, () => {
      throw new Error('not watched');
    });
    stop();
  });
});
