/**
 * The landing page's default decorative "photos": small vector landscapes drawn from a seed at build time
 * (and served by the dev server), so the page needs no photo service and works offline.
 */
import { LANDING_PHOTO_COUNT } from '../../packages/federation/src/site.ts';
import type { Plugin } from 'vite';

const SIZE = 320;

/** A small deterministic random generator (mulberry32), so the same seed always draws the same picture. */
function random(seed: number) {
  let a = seed * 2654435761;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const between = (rand: Rand, min: number, max: number) => min + rand() * (max - min);

/** A jagged ridge from left to right, closed down to the bottom edge. */
function ridge(rand: Rand, baseY: number, amplitude: number, steps: number): string {
  const points: string[] = [`0,${SIZE}`];
  for (let i = 0; i <= steps; i++) {
    const x = (SIZE / steps) * i;
    points.push(`${x.toFixed(1)},${(baseY - rand() * amplitude).toFixed(1)}`);
  }
  points.push(`${SIZE},${SIZE}`);
  return points.join(' ');
}

const SKIES = [
  { top: '#fdd9a0', bottom: '#f7a6a1', sun: '#fff4d6' }, // sunrise
  { top: '#8ecdf5', bottom: '#d8f1ff', sun: '#fffbe8' }, // clear day
  { top: '#2c3e70', bottom: '#f59e6b', sun: '#ffd58a' }, // dusk
  { top: '#a7e3d1', bottom: '#f3fbf6', sun: '#ffffff' }, // misty morning
] as const;

function mountainLake(rand: Rand): string {
  const sky = pick(rand, SKIES);
  const hue = between(rand, 150, 230);
  const ridges = [0, 1, 2]
    .map((layer) => {
      const light = 62 - layer * 16;
      return `<polygon points="${ridge(rand, 150 + layer * 32, 70 - layer * 15, 7 + layer * 3)}" fill="hsl(${hue} 30% ${light}%)"/>`;
    })
    .join('');
  const sunX = between(rand, 70, 250);
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
<linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 55%)"/><stop offset="1" stop-color="hsl(${hue} 50% 28%)"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#s)"/><circle cx="${sunX}" cy="${between(rand, 60, 110)}" r="${between(rand, 18, 30)}" fill="${sky.sun}" opacity="0.9"/>
${ridges}<rect y="235" width="${SIZE}" height="85" fill="url(#w)"/>
<rect x="${sunX - 30}" y="245" width="60" height="3" fill="${sky.sun}" opacity="0.5"/><rect x="${sunX - 18}" y="258" width="36" height="2" fill="${sky.sun}" opacity="0.4"/>`;
}

function citySkyline(rand: Rand): string {
  const sky = pick(rand, SKIES);
  let buildings = '';
  let x = -10;
  while (x < SIZE) {
    const w = between(rand, 22, 48);
    const h = between(rand, 70, 200);
    const y = SIZE - 40 - h;
    buildings += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${(h + 40).toFixed(1)}" fill="hsl(230 25% ${between(rand, 14, 26).toFixed(0)}%)"/>`;
    for (let wy = y + 10; wy < SIZE - 50; wy += 14)
      for (let wx = x + 5; wx < x + w - 6; wx += 10)
        if (rand() < 0.35)
          buildings += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="4" height="6" fill="#ffd98a" opacity="0.85"/>`;
    x += w + between(rand, 2, 8);
  }
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f2a55"/><stop offset="0.6" stop-color="${sky.bottom}"/><stop offset="1" stop-color="#ffcf8a"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#s)"/><circle cx="${between(rand, 60, 260)}" cy="${between(rand, 50, 90)}" r="14" fill="#fff6dc" opacity="0.9"/>${buildings}
<rect y="${SIZE - 40}" width="${SIZE}" height="40" fill="#151a33"/>`;
}

function rollingHills(rand: Rand): string {
  const sky = pick(rand, SKIES);
  const greens = ['#7cc793', '#4fa36b', '#2f7a4c'];
  let hills = '';
  greens.forEach((green, layer) => {
    const y = 170 + layer * 40;
    const c1 = between(rand, 40, 140);
    const c2 = between(rand, 180, 290);
    hills += `<path d="M0 ${y} C ${c1} ${y - between(rand, 30, 70)}, ${c2} ${y + between(rand, -20, 40)}, ${SIZE} ${y - between(rand, 0, 40)} L ${SIZE} ${SIZE} L 0 ${SIZE} Z" fill="${green}"/>`;
    const trees = Math.floor(between(rand, 2, 6));
    for (let i = 0; i < trees; i++) {
      const tx = between(rand, 10, SIZE - 10);
      const ty = y + between(rand, 5, 30);
      const th = between(rand, 14, 26) + layer * 6;
      hills += `<polygon points="${tx},${ty - th} ${tx - th / 3},${ty} ${tx + th / 3},${ty}" fill="hsl(150 45% ${18 - layer * 3}%)"/>`;
    }
  });
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#s)"/><circle cx="${between(rand, 50, 270)}" cy="${between(rand, 50, 100)}" r="${between(rand, 20, 32)}" fill="${sky.sun}"/>${hills}`;
}

function seaside(rand: Rand): string {
  const sky = pick(rand, SKIES);
  const horizon = between(rand, 150, 190);
  const sunX = between(rand, 80, 240);
  let glints = '';
  for (let y = horizon + 8; y < SIZE; y += 11) {
    const w = between(rand, 20, 70) * (1 - (y - horizon) / (SIZE * 1.4));
    glints += `<rect x="${(sunX - w / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="2.5" fill="${sky.sun}" opacity="0.55"/>`;
  }
  const boatX = between(rand, 30, 260);
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
<linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2d7fa8"/><stop offset="1" stop-color="#0f3b57"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#s)"/><circle cx="${sunX}" cy="${horizon - between(rand, 15, 60)}" r="${between(rand, 18, 28)}" fill="${sky.sun}"/>
<rect y="${horizon}" width="${SIZE}" height="${SIZE - horizon}" fill="url(#w)"/>${glints}
<polygon points="0,${horizon - between(rand, 50, 80)} ${between(rand, 30, 50)},${horizon - between(rand, 35, 50)} ${between(rand, 70, 95)},${horizon - 10} ${between(rand, 100, 130)},${horizon + 14} 0,${horizon + 14}" fill="#3b4a3f"/>
<polygon points="${boatX},${horizon + 6} ${boatX + 14},${horizon - 22} ${boatX + 14},${horizon + 6}" fill="#f8f4ea"/><rect x="${boatX - 4}" y="${horizon + 6}" width="24" height="4" fill="#5b3a29"/>`;
}

const SCENES = [mountainLake, citySkyline, rollingHills, seaside];

/** The SVG of landing photo number `seed` (1-based). */
export function landingPhotoSvg(seed: number): string {
  const rand = random(seed);
  const scene = SCENES[(seed - 1) % SCENES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">${scene(rand)}</svg>\n`;
}

const photoPath = (seed: number) => `landing/photo-${seed}.svg`;

/** Emits landing/photo-1..N.svg into the build and serves them from the dev server. */
export function landingPhotosPlugin(): Plugin {
  return {
    name: 'snapshire-landing-photos',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/landing\/photo-(\d+)\.svg$/.exec((req.url ?? '').split('?')[0] ?? '');
        const seed = match ? Number(match[1]) : 0;
        if (seed < 1 || seed > LANDING_PHOTO_COUNT) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(landingPhotoSvg(seed));
      });
    },
    generateBundle() {
      for (let seed = 1; seed <= LANDING_PHOTO_COUNT; seed++)
        this.emitFile({ type: 'asset', fileName: photoPath(seed), source: landingPhotoSvg(seed) });
    },
  };
}
