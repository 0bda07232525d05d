/** Turning decoded pixels upright for their EXIF orientation: the stored photo and its placeholder alike. */

/**
 * Copies pixels from src (width x height, `channels` per pixel) into dst turned upright for the EXIF
 * orientation: 2 mirror, 3 half turn, 4 flip, 5 transpose, 6 quarter turn clockwise, 7 transverse,
 * 8 quarter turn anticlockwise. dst is height x width for 5-8. Source pixel (x, y) goes to destination
 * pixel start + x * stepX + y * stepY.
 */
export function orient(
  src: Uint8Array,
  dst: Uint8Array,
  width: number,
  height: number,
  channels: number,
  orientation: number,
): void {
  if (orientation < 2 || orientation > 8) {
    dst.set(src.subarray(0, width * height * channels));
    return;
  }
  const outWidth = orientation >= 5 ? height : width;
  const [start, stepX, stepY] = {
    2: [width - 1, -1, outWidth],
    3: [(height - 1) * outWidth + width - 1, -1, -outWidth],
    4: [(height - 1) * outWidth, 1, -outWidth],
    5: [0, outWidth, 1],
    6: [height - 1, outWidth, -1],
    7: [(width - 1) * outWidth + height - 1, -outWidth, -1],
    8: [(width - 1) * outWidth, -outWidth, 1],
  }[orientation] as [number, number, number];
  let s = 0;
  for (let y = 0; y < height; y++) {
    let d = (start + y * stepY) * channels;
    const step = stepX * channels;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) dst[d + c] = src[s + c]!;
      s += channels;
      d += step;
    }
  }
}
