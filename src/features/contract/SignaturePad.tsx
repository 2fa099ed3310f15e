// The signature pad: a canvas drawn on with Pointer Events (mouse, touch and pen alike; the page
// does not scroll under it), sharp on high-density screens, redrawn from its strokes when resized.
// The parent clears it and exports the trimmed PNG through the handle.
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  type PointerEvent,
  type Ref,
} from "react";
import { useLingui } from "@lingui/react/macro";
import { drawStrokes, renderSignaturePng } from "./signatureCanvas";
import { addPoint, isBlank, type Point, type Stroke } from "./signatureStrokes";

export interface SignaturePadHandle {
  clear(): void;
  /** The trimmed signature as a PNG, or null when the pad is empty. */
  toPng(): Promise<Blob | null>;
}

interface SignaturePadProps {
  readonly ref?: Ref<SignaturePadHandle>;
  /** Called when the pad turns empty or not empty. */
  readonly onEmptyChange: (empty: boolean) => void;
  /** id of the text explaining how to sign. */
  readonly describedBy: string;
  readonly disabled?: boolean;
}

function pointOf(
  event: PointerEvent<HTMLCanvasElement> | globalThis.PointerEvent,
  canvas: HTMLCanvasElement,
): Point {
  const rect = canvas.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

export function SignaturePad({
  ref,
  onEmptyChange,
  describedBy,
  disabled = false,
}: SignaturePadProps) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const activePointer = useRef<number | null>(null);
  const frame = useRef<number | null>(null);
  const wasEmpty = useRef(true);

  const redraw = useCallback(() => {
    frame.current = null;
    const element = canvas.current;
    const ctx = element?.getContext("2d");
    if (element == null || ctx == null) return;
    const ratio = element.width / Math.max(1, element.clientWidth);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, element.width, element.height);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawStrokes(ctx, strokes.current);
  }, []);

  const scheduleRedraw = useCallback(() => {
    frame.current ??= requestAnimationFrame(redraw);
  }, [redraw]);

  const reportEmpty = useCallback(() => {
    const empty = isBlank(strokes.current);
    if (empty === wasEmpty.current) return;
    wasEmpty.current = empty;
    onEmptyChange(empty);
  }, [onEmptyChange]);

  // NOTE: the backing store follows the element's size times devicePixelRatio, so ink stays sharp.
  useEffect(() => {
    const element = canvas.current;
    if (element === null) return;
    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(element.clientWidth * ratio);
      const height = Math.round(element.clientHeight * ratio);
      if (element.width === width && element.height === height) return;
      element.width = width;
      element.height = height;
      redraw();
    };
    resize();
    const observer =
      typeof ResizeObserver === "function" ? new ResizeObserver(resize) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    };
  }, [redraw]);

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        strokes.current = [];
        activePointer.current = null;
        redraw();
        reportEmpty();
      },
      toPng: () => renderSignaturePng(strokes.current),
    }),
    [redraw, reportEmpty],
  );

  const extend = (points: readonly Point[]) => {
    const last = strokes.current.length - 1;
    let stroke = strokes.current[last];
    if (stroke === undefined) return;
    for (const point of points) stroke = addPoint(stroke, point);
    strokes.current[last] = stroke;
    scheduleRedraw();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || activePointer.current !== null) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    const element = event.currentTarget;
    element.setPointerCapture(event.pointerId);
    activePointer.current = event.pointerId;
    strokes.current.push([pointOf(event, element)]);
    scheduleRedraw();
    reportEmpty();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    event.preventDefault();
    const element = event.currentTarget;
    // NOTE: coalesced events carry the points a fast stroke made between two frames.
    const native = event.nativeEvent;
    const events =
      typeof native.getCoalescedEvents === "function"
        ? native.getCoalescedEvents()
        : [];
    extend(
      (events.length > 0 ? events : [native]).map((e) => pointOf(e, element)),
    );
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    activePointer.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <canvas
      ref={canvas}
      className="signature-canvas"
      role="img"
      aria-label={t`签名区`}
      aria-describedby={describedBy}
      aria-disabled={disabled}
      data-testid="signature-pad"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    />
  );
}
