// A floor's plan with its devices drawn on it (docs/floor-maps.md#placing): each device an icon in the colour
// of its health with its clients count; with edit_map, dragged or moved with the arrow keys. Places are
// fractions of the plan's width and height, so the plan draws at any size.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';
import type { FloorDevice, FloorScale } from '../../../../core/api/floor-maps.ts';

export type PlacedDevice = FloorDevice & { readonly x: number; readonly y: number };
export type Point = { readonly x: number; readonly y: number };

/** One arrow press moves an icon this far; with Shift, five times as far. */
export const KEY_STEP = 0.01;
/** A press that moves less than this many pixels is a click, not a drag. */
const DRAG_SLOP_PX = 4;
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 10_000) / 10_000));

type Props = {
  readonly src: string;
  readonly alt: string;
  readonly label: string;
  readonly devices: readonly PlacedDevice[];
  readonly canEdit: boolean;
  readonly selectedId: number | null;
  readonly colourOf: (device: FloorDevice) => string;
  readonly describe: (device: FloorDevice) => string;
  readonly onSelect: (id: number) => void;
  readonly onMove: (device: PlacedDevice, to: Point) => void;
  /** While the scale is being marked: where a click on the plan goes. */
  readonly onPick?: (point: Point) => void;
  readonly scale: FloorScale | null;
  readonly scaleLabel: string | null;
  /** The points marked so far while the scale is being set. */
  readonly marks: readonly Point[];
  /** Drawn under the icons (the signal estimate). */
  readonly underlay?: ReactNode;
  readonly onImageSize?: (size: { width: number; height: number }) => void;
};

export function PlanView(props: Props) {
  const { devices, canEdit, selectedId, onPick } = props;
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; startX: number; startY: number; moved: boolean } | null>(null);
  // Where an icon is drawn while it is dragged or moved with the keys, before it is saved.
  const [pending, setPending] = useState<{ id: number; x: number; y: number } | null>(null);
  // While the scale is being marked: the cross the keyboard moves and marks with Enter.
  const [cross, setCross] = useState<Point>({ x: 0.5, y: 0.5 });

  const fractionAt = (clientX: number, clientY: number): Point | null => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    return { x: clamp((clientX - rect.left) / rect.width), y: clamp((clientY - rect.top) / rect.height) };
  };
  const placeOf = (device: PlacedDevice): Point =>
    pending?.id === device.id ? { x: pending.x, y: pending.y } : { x: device.x, y: device.y };

  const pointerDown = (device: PlacedDevice) => (event: PointerEvent<HTMLButtonElement>) => {
    if (!canEdit || onPick) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: device.id, startX: event.clientX, startY: event.clientY, moved: false };
  };
  const pointerMove = (device: PlacedDevice) => (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.id !== device.id) return;
    if (Math.hypot(event.clientX - current.startX, event.clientY - current.startY) >= DRAG_SLOP_PX)
      current.moved = true;
    const at = current.moved ? fractionAt(event.clientX, event.clientY) : null;
    if (at) setPending({ id: device.id, ...at });
  };
  const pointerUp = (device: PlacedDevice) => (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current?.moved) return;
    const at = fractionAt(event.clientX, event.clientY);
    setPending(null);
    if (at) props.onMove(device, at);
  };

  const keyDown = (device: PlacedDevice) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!canEdit || onPick) return;
    const move = arrowMove(event);
    if (move) {
      event.preventDefault();
      const from = placeOf(device);
      setPending({ id: device.id, x: clamp(from.x + move.x), y: clamp(from.y + move.y) });
      props.onSelect(device.id);
    } else if (event.key === 'Enter' && pending?.id === device.id) {
      event.preventDefault();
      setPending(null);
      props.onMove(device, { x: pending.x, y: pending.y });
    } else if (event.key === 'Escape' && pending?.id === device.id) {
      event.preventDefault();
      setPending(null);
    }
  };

  // The keyboard's way to mark the scale: arrows move the cross, Enter marks where it is.
  const frameKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onPick || event.target !== event.currentTarget) return;
    const move = arrowMove(event);
    if (move) {
      event.preventDefault();
      setCross((from) => ({ x: clamp(from.x + move.x), y: clamp(from.y + move.y) }));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onPick(cross);
    }
  };

  return (
    <Box
      ref={frame}
      role="group"
      aria-label={props.label}
      tabIndex={onPick ? 0 : undefined}
      onKeyDown={frameKeyDown}
      onClick={(event) => {
        if (!onPick) return;
        const at = fractionAt(event.clientX, event.clientY);
        if (at) onPick(at);
      }}
      sx={{
        position: 'relative',
        width: '100%',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        cursor: onPick ? 'crosshair' : 'default',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        userSelect: 'none',
        lineHeight: 0,
      }}
    >
      <Box
        component="img"
        src={props.src}
        alt={props.alt}
        draggable={false}
        onLoad={(event) => {
          const image = event.currentTarget as HTMLImageElement;
          props.onImageSize?.({ width: image.naturalWidth, height: image.naturalHeight });
        }}
        sx={{ display: 'block', width: '100%', height: 'auto' }}
      />
      {props.underlay}
      <ScaleLine
        points={
          props.scale
            ? [
                { x: props.scale.x1, y: props.scale.y1 },
                { x: props.scale.x2, y: props.scale.y2 },
              ]
            : props.marks
        }
        label={props.scaleLabel}
      />
      {onPick && (
        <Box
          aria-hidden="true"
          data-scale-cross=""
          sx={{
            position: 'absolute',
            left: `${cross.x * 100}%`,
            top: `${cross.y * 100}%`,
            width: 24,
            height: 24,
            transform: 'translate(-50%, -50%)',
            pointerEvents: 'none',
            background:
              'linear-gradient(#1565c0, #1565c0) center / 2px 100% no-repeat, linear-gradient(#1565c0, #1565c0) center / 100% 2px no-repeat',
          }}
        />
      )}
      {devices.map((device) => {
        const at = placeOf(device);
        const selected = device.id === selectedId;
        return (
          <Box
            key={device.id}
            component="button"
            type="button"
            aria-label={props.describe(device)}
            aria-pressed={selected}
            data-floor-device={device.id}
            onClick={(event) => {
              event.stopPropagation();
              if (!onPick) props.onSelect(device.id);
            }}
            onPointerDown={pointerDown(device)}
            onPointerMove={pointerMove(device)}
            onPointerUp={pointerUp(device)}
            onKeyDown={keyDown(device)}
            sx={{
              position: 'absolute',
              left: `${at.x * 100}%`,
              top: `${at.y * 100}%`,
              transform: 'translate(-50%, -50%)',
              minWidth: 32,
              height: 32,
              px: 0.5,
              borderRadius: 16,
              border: 3,
              borderColor: selected ? 'text.primary' : 'common.white',
              bgcolor: props.colourOf(device),
              color: 'common.black',
              font: 'inherit',
              fontSize: '0.8125rem',
              fontWeight: 700,
              lineHeight: 1,
              boxShadow: 2,
              cursor: canEdit && !onPick ? 'grab' : 'pointer',
              // A finger on an icon drags it; anywhere else on the plan it scrolls the page.
              touchAction: canEdit ? 'none' : 'auto',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <span aria-hidden="true">{device.clients ?? ''}</span>
            <Typography
              component="span"
              aria-hidden="true"
              variant="caption"
              sx={{
                // Names show where there is room for them; on a phone the lists beside the plan name them.
                display: { xs: 'none', sm: 'block' },
                position: 'absolute',
                top: '100%',
                // Kept inside the plan at its edges.
                ...(at.x < 0.12
                  ? { left: 0 }
                  : at.x > 0.88
                    ? { right: 0 }
                    : { left: '50%', transform: 'translateX(-50%)' }),
                mt: 0.5,
                px: 0.5,
                whiteSpace: 'nowrap',
                bgcolor: 'background.paper',
                color: 'text.primary',
                borderRadius: 0.5,
                lineHeight: 1.4,
                pointerEvents: 'none',
              }}
            >
              {device.name}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** How far an arrow key moves (Shift for five steps); null for any other key. */
function arrowMove(event: KeyboardEvent): Point | null {
  const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
  const moves: Record<string, Point> = {
    ArrowLeft: { x: -step, y: 0 },
    ArrowRight: { x: step, y: 0 },
    ArrowUp: { x: 0, y: -step },
    ArrowDown: { x: 0, y: step },
  };
  return moves[event.key] ?? null;
}

/** The two points of the scale joined by a line, with the distance between them. */
function ScaleLine({ points, label }: { readonly points: readonly Point[]; readonly label: string | null }) {
  const [a, b] = points;
  if (!a) return null;
  return (
    <>
      <Box
        component="svg"
        aria-hidden="true"
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      >
        {b && (
          <line
            x1={a.x * 100}
            y1={a.y * 100}
            x2={b.x * 100}
            y2={b.y * 100}
            stroke="#1565c0"
            strokeWidth={3}
            strokeDasharray="8 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </Box>
      {[a, b].map(
        (point, n) =>
          point && (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: the two ends of the line
              key={n}
              aria-hidden="true"
              sx={{
                position: 'absolute',
                left: `${point.x * 100}%`,
                top: `${point.y * 100}%`,
                width: 12,
                height: 12,
                transform: 'translate(-50%, -50%)',
                borderRadius: '50%',
                bgcolor: '#1565c0',
                border: 2,
                borderColor: 'common.white',
                pointerEvents: 'none',
              }}
            />
          ),
      )}
      {b && label && (
        <Typography
          component="span"
          variant="caption"
          sx={{
            position: 'absolute',
            left: `${((a.x + b.x) / 2) * 100}%`,
            top: `${((a.y + b.y) / 2) * 100}%`,
            transform: 'translate(-50%, -130%)',
            px: 0.5,
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderRadius: 0.5,
            lineHeight: 1.4,
            pointerEvents: 'none',
          }}
        >
          {label}
        </Typography>
      )}
    </>
  );
}
