// Named one-shot timers: the pure machines say "startTimer X" / "cancelTimer X"; this runs them on
// setTimeout, one handle per name (re-arming replaces), so no stray callback survives a cancel.

/** One-shot timers keyed by name. */
export class NamedTimers<Name extends string> {
  readonly #handles = new Map<Name, ReturnType<typeof setTimeout>>();

  /** (Re)arms `name`: `fire` runs once after `delayMs` unless cancelled or re-armed first. */
  start(name: Name, delayMs: number, fire: () => void): void {
    this.cancel(name);
    this.#handles.set(
      name,
      setTimeout(
        () => {
          this.#handles.delete(name);
          fire();
        },
        Math.max(0, delayMs),
      ),
    );
  }

  cancel(name: Name): void {
    const handle = this.#handles.get(name);
    if (handle === undefined) return;
    clearTimeout(handle);
    this.#handles.delete(name);
  }

  cancelAll(): void {
    for (const handle of this.#handles.values()) clearTimeout(handle);
    this.#handles.clear();
  }

  isArmed(name: Name): boolean {
    return this.#handles.has(name);
  }
}
