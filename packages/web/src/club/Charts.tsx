// The club pages' charts, hand-drawn in SVG: a line chart (one or two lines, an optional band) and
// horizontal bars. Each is a figure whose picture is an image with a summary for screen readers, and
// whose numbers are also a table (the text alternative) under "As a table".

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { BOX, bandPath, linePath, scale, ticks, yRange } from "./chart.js";
import type { SeriesPoint } from "./view.js";

export interface Line {
  readonly name: string;
  readonly points: readonly SeriesPoint[];
  /** CSS class of the stroke (chart-line-a, chart-line-b). */
  readonly class: string;
}

/** A figure: its caption, the picture (hidden from screen readers when `summary` says it), the table. */
export function Figure(props: {
  id: string;
  title: string;
  summary: string;
  children: ComponentChildren;
  table: ComponentChildren;
}) {
  return (
    <figure class="chart" aria-labelledby={`${props.id}-title`}>
      <figcaption id={`${props.id}-title`}>{props.title}</figcaption>
      <div role="img" aria-label={props.summary}>
        {props.children}
      </div>
      <details class="chart-table">
        <summary>{t("club.chart.asTable")}</summary>
        {props.table}
      </details>
    </figure>
  );
}

export function LineChart(props: {
  lines: readonly Line[];
  band?: { low: readonly SeriesPoint[]; high: readonly SeriesPoint[] } | undefined;
  format: (y: number) => string;
}) {
  const { lines, band } = props;
  const all = [...lines.map((l) => l.points), ...(band ? [band.low, band.high] : [])];
  const count = Math.max(0, ...lines.map((l) => l.points.length));
  const range = yRange(all);
  // The drawing is as wide as its box in CSS pixels, so its numbers stay 16 px on a phone too.
  const holder = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(BOX.width);
  useEffect(() => {
    const element = holder.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setWidth(Math.max(240, Math.round(element.clientWidth))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const box = { ...BOX, width };
  const at = scale(box, count, range);
  return (
    <div ref={holder} class="chart-holder">
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        width={box.width}
        height={box.height}
        class="chart-svg"
        aria-hidden="true"
        focusable="false"
      >
        {ticks(range).map((y) => (
          <g key={y}>
            <line class="chart-grid" x1={box.left} x2={box.width - box.right} y1={at.y(y)} y2={at.y(y)} />
            <text
              class="chart-tick"
              x={box.left - 6}
              y={at.y(y)}
              text-anchor="end"
              dominant-baseline="middle"
            >
              {props.format(y)}
            </text>
          </g>
        ))}
        <text class="chart-tick" x={at.x(1)} y={box.height - 6} text-anchor="middle">
          1
        </text>
        {count > 1 && (
          <text class="chart-tick" x={at.x(count)} y={box.height - 6} text-anchor="middle">
            {count}
          </text>
        )}
        {band && <path class="chart-band" d={bandPath(band.low, band.high, at)} />}
        {lines.map((line) => (
          <g key={line.name} class={line.class}>
            <path class="chart-line" d={linePath(line.points, at)} />
            {line.points.map((p) => (
              <circle key={p.x} class="chart-dot" cx={at.x(p.x)} cy={at.y(p.y)} r={4} />
            ))}
          </g>
        ))}
      </svg>
    </div>
  );
}

/** Horizontal bars: each a label, a bar as wide as its share, and the count with its share. */
export function Bars(props: {
  bars: readonly { key: string; label: string; count: number; share: number; class?: string }[];
  format: (share: number) => string;
}) {
  return (
    <ul class="bars" aria-hidden="true">
      {props.bars.map((bar) => (
        <li key={bar.key} class="bar-row">
          <span class="bar-label">{bar.label}</span>
          <span class="bar-track">
            <span
              class={`bar-fill ${bar.class ?? ""}`}
              style={{ width: `${Math.round(bar.share * 1000) / 10}%` }}
            />
          </span>
          <span class="bar-value">
            {bar.count} · {props.format(bar.share)}
          </span>
        </li>
      ))}
    </ul>
  );
}
