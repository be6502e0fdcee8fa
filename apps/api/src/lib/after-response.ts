/**
 * Work a request starts that its response must not wait for, so the response's timing tells nothing
 * of it (what forgot-password does for an address, known or not). Each task starts once the
 * current turn of the event loop has passed, after the response is on its way; a failure is logged,
 * and `settled` waits for every task started so far (on shutdown, and in tests).
 */
export interface AfterResponse {
  run: (task: () => Promise<void>) => void;
  settled: () => Promise<void>;
}

export function afterResponse(logFailure: (error: unknown) => void): AfterResponse {
  const pending = new Set<Promise<void>>();
  return {
    run(task) {
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch(logFailure)
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
