// The first page of a tab renders after the frame around it (#20). The router mounts that page in
// one synchronous render (its state is an external store, which React never time-slices), so a
// start-up spent 120 ms or more in one task on a phone before anything could answer a tap. Here the
// first render shows the shell with the page skeleton; the page itself follows in a deferred,
// interruptible render. Later navigations render at once, as before.
import { useDeferredValue, useState, type ReactNode } from "react";
import { PageSkeleton } from "./PageSkeleton";

let firstPageMounted = false;

export function DeferFirstPage({ children }: { children: ReactNode }) {
  const [deferred] = useState(() => {
    const first = !firstPageMounted;
    firstPageMounted = true;
    return first;
  });
  const ready = useDeferredValue(true, !deferred);
  return ready ? children : <PageSkeleton />;
}
