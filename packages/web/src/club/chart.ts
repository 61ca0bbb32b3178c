// The charts' geometry: a series' range, a linear scale into the drawing box, and an SVG path.
// Pure arithmetic, so the tests check where a point lands without a browser.

import type { SeriesPoint } from "./view.js";

export interface Box {
  readonly width: number;
  readonly height: number;
  /** Room left for the y axis's numbers and at the bottom for the x axis's. */
  readonly left: number;
  readonly bottom: number;
  readonly top: number;
  readonly right: number;
}

export const BOX: Box = { width: 640, height: 240, left: 48, bottom: 28, top: 12, right: 12 };

/** The y range over every series, widened to include 0 and never empty (a flat line sits mid-box). */
export function yRange(series: readonly (readonly SeriesPoint[])[]): { min: number; max: number } {
  const ys = series.flatMap((s) => s.map((p) => p.y));
  let min = Math.min(0, ...ys);
  let max = Math.max(0, ...ys);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  return { min, max };
}

/** Maps x (1…count) and y (min…max) into the box; y grows upwards. */
export function scale(box: Box, count: number, range: { min: number; max: number }) {
  const w = box.width - box.left - box.right;
  const h = box.height - box.top - box.bottom;
  return {
    x: (x: number) => box.left + (count <= 1 ? w / 2 : ((x - 1) / (count - 1)) * w),
    y: (y: number) => box.top + h - ((y - range.min) / (range.max - range.min)) * h,
  };
}

/** An SVG path through the points in order ("" for none). */
export function linePath(points: readonly SeriesPoint[], at: ReturnType<typeof scale>): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${round(at.x(p.x))} ${round(at.y(p.y))}`).join(" ");
}

/** A closed band between a low and a high series (the skill's uncertainty). */
export function bandPath(
  low: readonly SeriesPoint[],
  high: readonly SeriesPoint[],
  at: ReturnType<typeof scale>,
): string {
  if (low.length === 0) return "";
  const upper = linePath(high, at);
  const lower = [...low]
    .reverse()
    .map((p) => `L${round(at.x(p.x))} ${round(at.y(p.y))}`)
    .join(" ");
  return `${upper} ${lower} Z`;
}

/** Up to `count` evenly spaced whole-number-friendly ticks across the range. */
export function ticks(range: { min: number; max: number }, count = 4): number[] {
  const span = range.max - range.min;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const first = Math.ceil(range.min / step) * step;
  const out: number[] = [];
  for (let v = first; v <= range.max + step / 1e6; v += step) out.push(round(v));
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;
