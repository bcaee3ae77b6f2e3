/** How often the parent's pid is checked when no IPC channel tells of its end. */
const POLL_MS = 1000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else (a reused pid, most likely); only ESRCH says it is gone.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

/**
 * Calls onGone once when the supervising process is gone, however it ended (SIGKILL included): a child room server
 * left behind would hold the ports and answer the next API's health checks. The IPC channel the supervisor opens
 * closes the moment its process dies; the pid poll covers a child started without one. Node's process.ppid is read
 * once at start, hence the signal-0 probe of the pid given in ROOM_PARENT_PID.
 */
export function watchParent(parentPid: number | undefined, onGone: (reason: string) => void): () => void {
  let done = false;
  const gone = (reason: string) => {
    if (done) return;
    done = true;
    stop();
    onGone(reason);
  };
  const onDisconnect = () => gone('parent IPC channel closed');
  if (process.channel) {
    process.once('disconnect', onDisconnect);
    // The channel alone must not keep this process alive once the servers are closed.
    process.channel.unref();
  }
  const timer =
    parentPid === undefined
      ? null
      : setInterval(() => {
          if (!alive(parentPid)) gone(`parent process ${parentPid} is gone`);
        }, POLL_MS);
  timer?.unref();
  function stop() {
    if (timer) clearInterval(timer);
    process.off('disconnect', onDisconnect);
  }
  return stop;
}
