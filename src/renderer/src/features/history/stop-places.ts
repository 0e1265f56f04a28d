/**
 * Where to draw the stop markers: each on its nearest device pixel, once per pixel. A depot or a
 * customer visited every day of a month puts dozens of stops on one spot at the fitted zoom (a month of
 * the demo's reefer: 763 stops on ~40 spots), and a software rasterizer fills every circle it is
 * given (1,526 arcs took ~15 ms a draw). The last stop at a spot is the one painted on top, so where
 * spots overlap the order on screen is unchanged.
 */
export function stopPlaces(
  marks: readonly { x: number; y: number; stop: boolean }[],
  dpr: number,
): [number, number][] {
  const seen = new Set<number>();
  const places: [number, number][] = [];
  for (let i = marks.length - 1; i >= 0; i--) {
    const m = marks[i]!;
    if (!m.stop) continue;
    const px = Math.round(m.x * dpr);
    const py = Math.round(m.y * dpr);
    // Marks lie within 20 px of a canvas at most a few thousand device pixels across: the key is exact.
    const key = px * 1_048_576 + py;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push([px / dpr, py / dpr]);
  }
  return places.reverse();
}
