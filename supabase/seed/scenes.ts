/**
 * Photographs for the seed, painted at seed time: an SVG scene (skyline at dusk, hills and sea, a street of
 * houses, a lake under mountains, fields, a city at night, a pier at sunset) rendered with sharp, then grain
 * and a vignette, encoded as JPEG. Deterministic from a seed number; no network, no files.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export const SCENE_KINDS = ['skyline', 'coast', 'street', 'lake', 'fields', 'night', 'pier'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export interface SceneOptions {
  kind: SceneKind;
  seed: number;
  width: number;
  height: number;
  /** Film look: warmer, softer, heavier grain. */
  film?: boolean;
  /** Black and white. */
  mono?: boolean;
  /** JPEG quality (default 82). */
  quality?: number;
}

/** Shapes of photos the seed uses: landscape 3:2, portrait 3:4, panorama 16:9, square, portrait 2:3. */
export const PHOTO_SIZES: ReadonlyArray<readonly [number, number]> = [
  [1600, 1067],
  [1200, 1600],
  [1600, 900],
  [1400, 1400],
  [1067, 1600],
];

/** mulberry32: a small deterministic PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const between = (r: Rand, a: number, b: number) => a + (b - a) * r();
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const f = (n: number) => n.toFixed(1);

function hsl(h: number, s: number, l: number): string {
  return `hsl(${f(((h % 360) + 360) % 360)},${f(s)}%,${f(l)}%)`;
}

function linear(id: string, stops: Array<[number, string]>, vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}>${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;
}

/** A smooth ridge line across the frame: a closed path filled down to `bottom`. */
function ridge(r: Rand, w: number, base: number, amp: number, bottom: number, steps = 8): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) pts.push([(w * i) / steps, base - amp * (0.3 + 0.7 * r())]);
  let d = `M0 ${f(bottom)} L0 ${f(pts[0]![1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1]!;
    const [x1, y1] = pts[i]!;
    const mx = (x0 + x1) / 2;
    d += ` C${f(mx)} ${f(y0)} ${f(mx)} ${f(y1)} ${f(x1)} ${f(y1)}`;
  }
  return `${d} L${f(w)} ${f(bottom)} Z`;
}

/**
 * Land reaching out from the left edge: a ridge that falls to the waterline (`base`) at `reach`, then a
 * shoreline curving towards the viewer down to the bottom of the frame.
 */
function headland(r: Rand, reach: number, base: number, amp: number, bottom: number): string {
  const steps = 5;
  let d = `M0 ${f(bottom)} L0 ${f(base - amp)}`;
  let px = 0;
  let py = base - amp;
  for (let i = 1; i <= steps; i++) {
    const x = (reach * i) / steps;
    const y = i === steps ? base : base - amp * (1 - (i / steps) ** 2 * 0.6) * (0.75 + 0.25 * r());
    const mx = (px + x) / 2;
    d += ` C${f(mx)} ${f(py)} ${f(mx)} ${f(y)} ${f(x)} ${f(y)}`;
    px = x;
    py = y;
  }
  const out = reach * 1.12;
  d += ` C${f(reach * 1.06)} ${f(base)} ${f(out)} ${f((base + bottom) / 2)} ${f(out)} ${f(bottom)}`;
  return `${d} Z`;
}

function clouds(r: Rand, w: number, h: number, top: number, bottom: number, count: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = between(r, -0.1, 1.1) * w;
    const cy = between(r, top, bottom) * h;
    const size = between(r, 0.06, 0.16) * w;
    const puffs = 3 + Math.floor(r() * 4);
    out += `<g fill="${color}" opacity="${f(between(r, 0.35, 0.75))}">`;
    for (let p = 0; p < puffs; p++) {
      out += `<ellipse cx="${f(cx + (p - puffs / 2) * size * 0.45)}" cy="${f(cy + between(r, -0.15, 0.15) * size)}" rx="${f(size * between(r, 0.35, 0.6))}" ry="${f(size * between(r, 0.18, 0.3))}"/>`;
    }
    out += '</g>';
  }
  return out;
}

/** Many rectangles as ONE path element: librsvg's cost grows with elements far more than with area. */
function rectsPath(rects: ReadonlyArray<readonly [number, number, number, number]>, fill: string, opacity = 1): string {
  if (rects.length === 0) return '';
  const d = rects.map(([x, y, w, h]) => `M${f(x)} ${f(y)}h${f(w)}v${f(h)}h${f(-w)}z`).join('');
  return `<path d="${d}" fill="${fill}"${opacity < 1 ? ` opacity="${f(opacity)}"` : ''}/>`;
}

function windows(
  r: Rand,
  x: number,
  y: number,
  bw: number,
  bh: number,
  lit: number,
  litColor: string,
  dark: string,
): string {
  const cols = Math.max(2, Math.floor(bw / 14));
  const rows = Math.max(2, Math.floor(bh / 18));
  const cw = bw / cols;
  const ch = bh / rows;
  const bright: Array<[number, number, number, number]> = [];
  const dim: Array<[number, number, number, number]> = [];
  const off: Array<[number, number, number, number]> = [];
  for (let c = 0; c < cols; c++)
    for (let k = 1; k < rows; k++) {
      const on = r() < lit;
      if (!on && r() < 0.6) continue;
      const rect: [number, number, number, number] = [x + c * cw + cw * 0.25, y + k * ch, cw * 0.5, ch * 0.5];
      (on ? (r() < 0.5 ? bright : dim) : off).push(rect);
    }
  return rectsPath(bright, litColor) + rectsPath(dim, litColor, 0.7) + rectsPath(off, dark, 0.5);
}

function city(
  r: Rand,
  w: number,
  h: number,
  horizon: number,
  opts: { body: string; lit: number; litColor: string; farBody: string },
): string {
  let out = '';
  // Far layer: paler, no windows.
  for (let x = -20; x < w;) {
    const bw = between(r, 0.03, 0.08) * w;
    const bh = between(r, 0.08, 0.3) * h;
    out += `<rect x="${f(x)}" y="${f(horizon - bh)}" width="${f(bw + 1)}" height="${f(bh)}" fill="${opts.farBody}"/>`;
    x += bw;
  }
  // Near layer: towers with windows, some spires and antennas.
  for (let x = -10; x < w;) {
    const bw = between(r, 0.04, 0.11) * w;
    const bh = between(r, 0.06, 0.42) * h;
    const top = horizon - bh;
    out += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw + 1)}" height="${f(bh + 2)}" fill="${opts.body}"/>`;
    const roof = r();
    if (roof < 0.15)
      out += `<polygon points="${f(x)},${f(top)} ${f(x + bw / 2)},${f(top - bw * 0.8)} ${f(x + bw)},${f(top)}" fill="${opts.body}"/>`;
    else if (roof < 0.35)
      out += `<rect x="${f(x + bw / 2 - 1.5)}" y="${f(top - bh * 0.25)}" width="3" height="${f(bh * 0.25)}" fill="${opts.body}"/>`;
    out += windows(r, x + 3, top + 4, bw - 6, bh - 8, opts.lit, opts.litColor, 'rgba(0,0,0,0.25)');
    x += bw + between(r, 0, 0.01) * w;
  }
  return out;
}

function skyline(r: Rand, w: number, h: number): string {
  const hue = between(r, -20, 25);
  const horizon = between(r, 0.62, 0.74) * h;
  const sunX = between(r, 0.2, 0.8) * w;
  const defs =
    linear('sky', [
      [0, hsl(230 + hue, 45, 16)],
      [0.45, hsl(300 + hue, 40, 32)],
      [0.8, hsl(18 + hue, 85, 58)],
      [1, hsl(38 + hue, 95, 70)],
    ]) +
    linear('water', [
      [0, hsl(20 + hue, 45, 36)],
      [1, hsl(240 + hue, 40, 12)],
    ]) +
    `<radialGradient id="sun"><stop offset="0" stop-color="#fff4d6"/><stop offset="0.25" stop-color="${hsl(35 + hue, 100, 70)}" stop-opacity="0.9"/><stop offset="1" stop-color="${hsl(20 + hue, 100, 60)}" stop-opacity="0"/></radialGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<circle cx="${f(sunX)}" cy="${f(horizon - 0.02 * h)}" r="${f(0.25 * w)}" fill="url(#sun)"/>`;
  body += clouds(r, w, h, 0.1, 0.45, 5, hsl(330 + hue, 50, 60));
  body += city(r, w, h, horizon, {
    body: hsl(250 + hue, 30, 10),
    farBody: hsl(280 + hue, 25, 28),
    lit: 0.25,
    litColor: '#ffd27a',
  });
  body += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#water)"/>`;
  const sparkles: Array<[number, number, number, number]> = [];
  for (let i = 0; i < 60; i++) {
    const y = between(r, horizon + 4, h);
    const len = between(r, 0.02, 0.12) * w * (1 - (h - y) / h / 2);
    const x = sunX + between(r, -0.15, 0.15) * w;
    sparkles.push([x - len / 2, y, len, 2]);
  }
  body += rectsPath(sparkles, hsl(35 + hue, 100, 75), 0.4);
  return `<defs>${defs}</defs>${body}`;
}

function coast(r: Rand, w: number, h: number): string {
  const horizon = between(r, 0.42, 0.55) * h;
  const hue = between(r, -15, 15);
  const defs =
    linear('sky', [
      [0, hsl(208 + hue, 65, 52)],
      [1, hsl(200 + hue, 55, 86)],
    ]) +
    linear('sea', [
      [0, hsl(200 + hue, 55, 52)],
      [1, hsl(210 + hue, 65, 28)],
    ]);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += clouds(r, w, h, 0.05, 0.35, 7, '#ffffff');
  body += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#sea)"/>`;
  const glints: Array<[number, number, number, number]> = [];
  for (let i = 0; i < 80; i++)
    glints.push([between(r, 0, w), between(r, horizon + 2, h), between(r, 0.01, 0.05) * w, 1.5]);
  body += rectsPath(glints, '#e8f6ff', 0.3);
  // Headlands: three layers, far ones bluer, the near one green with a cliff edge.
  const layers = [
    { base: horizon + 0.02 * h, amp: 0.12 * h, fill: hsl(190 + hue, 20, 55) },
    { base: horizon + 0.16 * h, amp: 0.2 * h, fill: hsl(110 + hue, 25, 40) },
    { base: horizon + 0.36 * h, amp: 0.22 * h, fill: hsl(95 + hue, 35, 28) },
  ];
  const side = r() < 0.5;
  layers.forEach((layer, i) => {
    const reach = w * between(r, 0.35, 0.6) * (1 + i * 0.15);
    const path = headland(r, reach, layer.base, layer.amp, h);
    const transform = side ? '' : `transform="translate(${w},0) scale(-1,1)"`;
    body += `<path d="${path}" fill="${layer.fill}" ${transform}/>`;
    if (i === 1) {
      // A lighthouse on the middle headland.
      const lx = reach * 0.45;
      const hx = side ? lx : w - lx;
      const hy = layer.base - layer.amp * 0.75;
      body += `<rect x="${f(hx)}" y="${f(hy - 0.03 * h)}" width="${f(0.012 * w)}" height="${f(0.035 * h)}" fill="#f4f1ea"/>`;
      body += `<polygon points="${f(hx - 0.003 * w)},${f(hy - 0.03 * h)} ${f(hx + 0.006 * w)},${f(hy - 0.045 * h)} ${f(hx + 0.015 * w)},${f(hy - 0.03 * h)}" fill="#a0413a"/>`;
    }
  });
  return `<defs>${defs}</defs>${body}`;
}

const HOUSE_COLOURS = [
  [350, 55, 72],
  [200, 45, 70],
  [48, 80, 72],
  [120, 25, 65],
  [25, 70, 68],
  [280, 25, 72],
  [0, 0, 92],
  [170, 35, 60],
] as const;

function street(r: Rand, w: number, h: number): string {
  const ground = between(r, 0.72, 0.8) * h;
  const defs = linear('sky', [
    [0, hsl(210, 55, between(r, 55, 70))],
    [1, hsl(205, 40, 88)],
  ]);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += clouds(r, w, h, 0.05, 0.25, 4, '#ffffff');
  const scale = Math.min(w, h);
  for (let x = -10; x < w;) {
    const hw = between(r, 0.14, 0.2) * scale;
    const hh = between(r, 0.38, 0.5) * h;
    const top = ground - hh;
    const [hh0, s, l] = pick(r, HOUSE_COLOURS);
    const colour = hsl(hh0 + between(r, -8, 8), s, l);
    body += `<rect x="${f(x)}" y="${f(top)}" width="${f(hw + 1)}" height="${f(hh)}" fill="${colour}"/>`;
    // Roof: pitched or parapet, with a chimney.
    if (r() < 0.6)
      body += `<polygon points="${f(x - 3)},${f(top)} ${f(x + hw / 2)},${f(top - hw * 0.35)} ${f(x + hw + 3)},${f(top)}" fill="${hsl(15, 25, 30)}"/>`;
    else
      body += `<rect x="${f(x)}" y="${f(top - 8)}" width="${f(hw + 1)}" height="8" fill="${hsl(hh0, s - 10, l - 15)}"/>`;
    body += `<rect x="${f(x + hw * 0.7)}" y="${f(top - hw * 0.4)}" width="${f(hw * 0.1)}" height="${f(hw * 0.3)}" fill="${hsl(10, 35, 35)}"/>`;
    // Two or three storeys of sash windows with white frames.
    const storeys = hh > 0.45 * h ? 3 : 2;
    for (let k = 0; k < storeys; k++) {
      const wy = top + hh * (0.1 + k * (0.75 / storeys));
      for (const wx of [0.15, 0.58]) {
        if (k === storeys - 1 && wx === 0.58) continue;
        body += `<rect x="${f(x + hw * wx)}" y="${f(wy)}" width="${f(hw * 0.27)}" height="${f(hh * 0.16)}" fill="#fafafa"/>`;
        body += `<rect x="${f(x + hw * wx + 3)}" y="${f(wy + 3)}" width="${f(hw * 0.27 - 6)}" height="${f(hh * 0.16 - 6)}" fill="${hsl(210, 25, between(r, 20, 45))}"/>`;
      }
    }
    const door = hsl(pick(r, [0, 210, 140, 45, 280]), 50, 30);
    body += `<rect x="${f(x + hw * 0.62)}" y="${f(ground - hh * 0.22)}" width="${f(hw * 0.22)}" height="${f(hh * 0.22)}" fill="${door}"/>`;
    body += `<circle cx="${f(x + hw * 0.73)}" cy="${f(ground - hh * 0.24)}" r="${f(hw * 0.1)}" fill="#fafafa" opacity="0.6"/>`;
    x += hw;
  }
  body += `<rect y="${f(ground)}" width="${w}" height="${f(h * 0.05)}" fill="${hsl(30, 8, 62)}"/>`;
  body += `<rect y="${f(ground + h * 0.05)}" width="${w}" height="${f(h)}" fill="${hsl(220, 6, 30)}"/>`;
  for (let x = between(r, 0, 0.1) * w; x < w; x += 0.18 * w)
    body += `<rect x="${f(x)}" y="${f(ground + h * 0.12)}" width="${f(0.06 * w)}" height="${f(h * 0.008)}" fill="#f0f0f0" opacity="0.8"/>`;
  for (let x = between(r, 0.05, 0.3) * w; x < w; x += between(r, 0.35, 0.6) * w) {
    body += `<rect x="${f(x)}" y="${f(ground - 0.35 * h)}" width="${f(0.006 * w + 2)}" height="${f(0.35 * h + 4)}" fill="#222"/>`;
    body += `<rect x="${f(x - 0.01 * w)}" y="${f(ground - 0.37 * h)}" width="${f(0.026 * w)}" height="${f(0.025 * h)}" fill="#2b2b2b"/>`;
  }
  return `<defs>${defs}</defs>${body}`;
}

function mountains(r: Rand, w: number, base: number, height: number, fill: string, snow: boolean): string {
  const peaks: Array<[number, number]> = [[0, base - height * 0.3]];
  for (let x = 0; x < w;) {
    x += between(r, 0.08, 0.2) * w;
    peaks.push([x, base - height * between(r, 0.3, 1)]);
    x += between(r, 0.05, 0.12) * w;
    peaks.push([x, base - height * between(r, 0.15, 0.45)]);
  }
  let out = `<polygon points="0,${f(base)} ${peaks.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')} ${f(w)},${f(base)}" fill="${fill}"/>`;
  if (snow)
    for (let i = 1; i < peaks.length - 1; i++) {
      const [x, y] = peaks[i]!;
      if (base - y < height * 0.6) continue;
      const [lx, ly] = peaks[i - 1]!;
      const [rx, ry] = peaks[i + 1]!;
      const t = 0.22;
      out += `<polygon points="${f(x + (lx - x) * t)},${f(y + (ly - y) * t)} ${f(x)},${f(y)} ${f(x + (rx - x) * t)},${f(y + (ry - y) * t)} ${f(x + (rx - x) * t * 0.4)},${f(y + (ry - y) * t * 1.3)} ${f(x)},${f(y + (ly - y) * t * 0.8)}" fill="#f5f7fa"/>`;
    }
  return out;
}

function lake(r: Rand, w: number, h: number): string {
  const horizon = between(r, 0.55, 0.65) * h;
  const warm = r() < 0.4;
  const defs =
    linear(
      'sky',
      warm
        ? [
            [0, hsl(215, 45, 45)],
            [0.7, hsl(30, 70, 75)],
            [1, hsl(40, 80, 85)],
          ]
        : [
            [0, hsl(210, 60, 50)],
            [1, hsl(200, 45, 85)],
          ],
    ) +
    linear('lake', [
      [0, hsl(205, 35, 45)],
      [1, hsl(210, 45, 18)],
    ]);
  const scene =
    mountains(r, w, horizon, 0.42 * h, hsl(220, 18, 52), true) +
    mountains(r, w, horizon, 0.25 * h, hsl(200, 15, 34), false) +
    trees(r, w, horizon, 0.06 * h, hsl(150, 30, 16));
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += clouds(r, w, h, 0.05, 0.3, 4, warm ? '#ffe6cc' : '#ffffff');
  body += scene;
  body += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#lake)"/>`;
  // The mirror image in the water, dimmer and broken by ripples.
  body += `<g opacity="0.38" transform="translate(0,${f(2 * horizon)}) scale(1,-1)">${scene}</g>`;
  const ripples: Array<[number, number, number, number]> = [];
  for (let i = 0; i < 70; i++)
    ripples.push([between(r, -0.1, 1) * w, between(r, horizon + 3, h), between(r, 0.03, 0.2) * w, 1.5]);
  body += rectsPath(ripples, '#dfefff', 0.2);
  return `<defs>${defs}</defs>${body}`;
}

function trees(r: Rand, w: number, base: number, size: number, fill: string): string {
  let out = '';
  for (let x = -5; x < w; x += between(r, 0.2, 0.7) * size) {
    const th = size * between(r, 0.6, 1.4);
    out += `<polygon points="${f(x - th * 0.25)},${f(base)} ${f(x)},${f(base - th)} ${f(x + th * 0.25)},${f(base)}" fill="${fill}"/>`;
  }
  return out;
}

function fields(r: Rand, w: number, h: number): string {
  const horizon = between(r, 0.38, 0.5) * h;
  const defs = linear('sky', [
    [0, hsl(205, 60, 58)],
    [1, hsl(195, 45, 88)],
  ]);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += clouds(r, w, h, 0.05, 0.3, 6, '#ffffff');
  const greens = [
    [95, 30, 55],
    [60, 55, 62],
    [80, 40, 45],
    [45, 65, 58],
    [105, 35, 38],
  ] as const;
  let y = horizon;
  let i = 0;
  while (y < h + 0.2 * h) {
    const band = (0.05 + i * 0.05) * h;
    const [gh, gs, gl] = pick(r, greens);
    const fill = hsl(gh, gs, gl - (i === 0 ? 0 : between(r, 0, 6)));
    body += `<path d="${ridge(r, w, y + band * 0.3, band * 0.5, h, 4)}" fill="${fill}"/>`;
    // Furrows on the nearer fields.
    if (i > 0 && r() < 0.7)
      for (let k = 0; k < 8; k++)
        body += `<rect x="0" y="${f(y + band * 0.35 + k * band * 0.1)}" width="${w}" height="${f(Math.max(1, band * 0.02))}" fill="${hsl(gh, gs, gl - 12)}" opacity="0.35"/>`;
    // A hedgerow with round trees along the top of the band.
    for (let x = between(r, 0, 0.1) * w; x < w; x += between(r, 0.015, 0.12) * w) {
      const tr = between(r, 0.5, 1) * Math.min(band * 0.14, 0.025 * w);
      body += `<circle cx="${f(x)}" cy="${f(y + band * 0.15 - tr * 0.5)}" r="${f(tr)}" fill="${hsl(110, 35, between(r, 18, 28))}"/>`;
    }
    y += band;
    i++;
  }
  const fx = between(r, 0.1, 0.8) * w;
  const fy = horizon + 0.06 * h;
  const fw = 0.08 * w;
  body += `<rect x="${f(fx)}" y="${f(fy - fw * 0.5)}" width="${f(fw)}" height="${f(fw * 0.5)}" fill="#efe8dc"/>`;
  body += `<polygon points="${f(fx - 4)},${f(fy - fw * 0.5)} ${f(fx + fw / 2)},${f(fy - fw * 0.85)} ${f(fx + fw + 4)},${f(fy - fw * 0.5)}" fill="#6b3b2a"/>`;
  return `<defs>${defs}</defs>${body}`;
}

function night(r: Rand, w: number, h: number): string {
  const horizon = between(r, 0.75, 0.85) * h;
  const defs =
    linear('sky', [
      [0, '#05060f'],
      [0.7, hsl(235, 40, 14)],
      [1, hsl(25, 50, 24)],
    ]) +
    `<radialGradient id="bokeh"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const stars: Array<[number, number, number, number]> = [];
  for (let i = 0; i < 120; i++) {
    const size = between(r, 1, 3);
    stars.push([r() * w, r() * horizon * 0.6, size, size]);
  }
  body += rectsPath(stars, '#fff', 0.7);
  body += `<circle cx="${f(between(r, 0.1, 0.9) * w)}" cy="${f(between(r, 0.08, 0.25) * h)}" r="${f(0.03 * Math.min(w, h))}" fill="#f4f0dc"/>`;
  body += city(r, w, h, horizon, {
    body: '#0c0d18',
    farBody: '#161a2e',
    lit: 0.5,
    litColor: pick(r, ['#ffd27a', '#ffe9b0', '#bfe3ff']),
  });
  body += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="#0a0a12"/>`;
  // Street lights and out-of-focus lights in front.
  const colours = ['#ff5a5a', '#ffb347', '#ffe066', '#6ad1ff', '#ff7ad9'];
  for (let i = 0; i < 26; i++) {
    const cx = r() * w;
    const cy = between(r, horizon - 0.05 * h, h);
    const rad = between(r, 0.01, 0.05) * w;
    body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${pick(r, colours)}" opacity="${f(between(r, 0.15, 0.45))}"/>`;
    body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.8)}" fill="url(#bokeh)"/>`;
  }
  return `<defs>${defs}</defs>${body}`;
}

function pier(r: Rand, w: number, h: number): string {
  const horizon = between(r, 0.55, 0.62) * h;
  const defs =
    linear('sky', [
      [0, hsl(260, 35, 35)],
      [0.6, hsl(340, 55, 65)],
      [1, hsl(30, 90, 75)],
    ]) +
    linear('sea', [
      [0, hsl(15, 50, 60)],
      [1, hsl(230, 35, 25)],
    ]);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += clouds(r, w, h, 0.1, 0.4, 5, hsl(330, 60, 75));
  body += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#sea)"/>`;
  // A pier on legs reaching out to sea, with a pavilion at its end.
  const x0 = between(r, -0.1, 0.2) * w;
  const x1 = between(r, 0.6, 0.85) * w;
  const deck = horizon - 0.03 * h;
  const colour = '#1c1526';
  body += `<rect x="${f(x0)}" y="${f(deck)}" width="${f(x1 - x0)}" height="${f(0.012 * h)}" fill="${colour}"/>`;
  for (let x = x0; x < x1; x += 0.025 * w)
    body += `<rect x="${f(x)}" y="${f(deck)}" width="${f(0.004 * w + 1)}" height="${f(0.05 * h)}" fill="${colour}"/>`;
  const pw = 0.12 * w;
  body += `<rect x="${f(x1 - pw)}" y="${f(deck - 0.05 * h)}" width="${f(pw)}" height="${f(0.05 * h)}" fill="${colour}"/>`;
  body += `<ellipse cx="${f(x1 - pw / 2)}" cy="${f(deck - 0.05 * h)}" rx="${f(pw * 0.3)}" ry="${f(0.04 * h)}" fill="${colour}"/>`;
  // Pebble beach in front.
  body += `<path d="${ridge(r, w, h * 0.9, 0.06 * h, h, 5)}" fill="${hsl(30, 15, 35)}"/>`;
  for (const [lightness, count] of [
    [28, 60],
    [42, 60],
    [58, 40],
  ] as const) {
    const pebbles: Array<[number, number, number, number]> = [];
    for (let i = 0; i < count; i++)
      pebbles.push([r() * w, between(r, 0.9, 1) * h, between(r, 3, 10), between(r, 2, 5)]);
    body += rectsPath(pebbles, hsl(30, 10, lightness));
  }
  return `<defs>${defs}</defs>${body}`;
}

const PAINTERS: Record<SceneKind, (r: Rand, w: number, h: number) => string> = {
  skyline,
  coast,
  street,
  lake,
  fields,
  night,
  pier,
};

/** The scene as SVG, with a vignette. */
export function sceneSvg(kind: SceneKind, seed: number, width: number, height: number): string {
  const r = random(seed);
  const content = PAINTERS[kind](r, width, height);
  const vignette =
    `<defs><radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${content}${vignette}</svg>`;
}

/**
 * Film-like grain: one near-gaussian value per pixel (sum of three uniforms), the same on every channel.
 * Computed here rather than with sharp's noise generator, which is not reproducible and is slower.
 */
function grainBuffer(seed: number, width: number, height: number, sigma: number): Buffer {
  const out = Buffer.allocUnsafe(width * height * 3);
  let s = (seed ^ 0x9e3779b9) >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  for (let i = 0; i < out.length; i += 3) {
    const v = 128 + sigma * 2 * (next() + next() + next() - 1.5);
    const b = v < 0 ? 0 : v > 255 ? 255 : v;
    out[i] = b;
    out[i + 1] = b;
    out[i + 2] = b;
  }
  return out;
}

/** Bump when the grain, toning or encoding below changes (the SVG itself is part of the cache key). */
const RENDER_VERSION = 1;

/**
 * Where painted photos are kept between runs: the same seed paints the same bytes, so a second backend start
 * (every test run, every e2e run) reuses them. SNAPSHIRE_SEED_CACHE=off paints every time.
 */
function cacheDir(): string | undefined {
  const setting = process.env.SNAPSHIRE_SEED_CACHE;
  if (setting === 'off') return undefined;
  return setting || join(tmpdir(), 'snapshire-seed-cache');
}

/** Paints the scene and returns JPEG bytes (from the cache when this exact photo was painted before). */
export async function renderScene(options: SceneOptions): Promise<Buffer> {
  const { kind, seed, width, height, film = false, mono = false, quality = 82 } = options;
  const svg = sceneSvg(kind, seed, width, height);
  const dir = cacheDir();
  const file =
    dir &&
    join(
      dir,
      `${createHash('sha256')
        .update(JSON.stringify([RENDER_VERSION, svg, film, mono, quality]))
        .digest('hex')}.jpg`,
    );
  if (file) {
    const cached = await readFile(file).catch(() => undefined);
    if (cached && cached.length > 3 && cached[0] === 0xff && cached[1] === 0xd8) return cached;
  }
  const jpeg = await paint(svg, seed, width, height, film, mono, quality);
  if (dir && file) {
    // Write then rename, so a concurrent reader never sees half a file.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await mkdir(dir, { recursive: true })
      .then(() => writeFile(partial, jpeg))
      .then(() => rename(partial, file))
      .catch(() => undefined);
  }
  return jpeg;
}

async function paint(
  svg: string,
  seed: number,
  width: number,
  height: number,
  film: boolean,
  mono: boolean,
  quality: number,
): Promise<Buffer> {
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Grain: monochrome noise laid over the picture (heavier for film).
  const grain = grainBuffer(seed, width, height, film ? 26 : 11);
  const grained = await sharp(base.data, { raw: base.info })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Tone after the grain, so the grain gets the same look.
  let image = sharp(grained.data, { raw: grained.info });
  if (mono) image = image.grayscale().linear(1.12, -12);
  else if (film) image = image.modulate({ saturation: 0.82 }).linear([1.04, 1.0, 0.9], [8, 3, -2]);
  return image.jpeg({ quality, mozjpeg: false }).toBuffer();
}
