// When a page's work at opening gives way: in pieces, each short enough that a tap made
// meanwhile waits for little (a tap waits for the whole task it falls in).

/** Let the browser paint and answer a tap before going on: ``scheduler.yield()`` where
 * the browser has it (the page's work resumes ahead of other tasks), else a zero timeout. */
export const nextTask = () => (globalThis.scheduler?.yield
  ? globalThis.scheduler.yield() : new Promise((resolve) => { setTimeout(resolve); }));
