/**
 * Preloaded (`--import`) into the child processes of tests: when the test process that started a
 * child dies (killed, or ended by the runner's timeout) the child ends too, instead of holding its
 * port, its PGlite directory and a gigabyte of memory on a shared machine.
 */
const parent = Number(process.env.TEST_PARENT_PID);
if (parent > 0) {
  // Orphans are adopted by init (or a subreaper), so a changed parent id means ours is gone.
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
  }, 500).unref();
}
