// Runs a function in a task of its own, as soon as the current task and its microtasks are done.
// A MessageChannel message, not `setTimeout(run, 0)`: a tab opened in the background throttles its
// timers to about one a second, which would hold back whatever waits on it until the tab is shown.

export function nextTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}
