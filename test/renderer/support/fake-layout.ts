/**
 * happy-dom has no layout: elements measure 0 × 0, so a virtualised list
 * (@tanstack/vue-virtual) would show no rows. This gives the elements of the
 * given classes the size they have in the app, until the returned function
 * puts the real getters back.
 */
export function fakeLayout(sizes: Readonly<Record<string, { height: number; width?: number }>>): () => void {
  const dimensions = {
    clientHeight: (s: { height: number; width?: number }) => s.height,
    offsetHeight: (s: { height: number; width?: number }) => s.height,
    clientWidth: (s: { height: number; width?: number }) => s.width ?? 800,
    offsetWidth: (s: { height: number; width?: number }) => s.width ?? 800,
  };
  const restore: (() => void)[] = [];
  for (const [prop, pick] of Object.entries(dimensions)) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, prop))
      owner = Object.getPrototypeOf(owner) as object | null;
    const real = owner ? Object.getOwnPropertyDescriptor(owner, prop) : undefined;
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement): number {
        const size = Object.entries(sizes).find(([cls]) => this.classList.contains(cls))?.[1];
        return size ? pick(size) : Number(real?.get?.call(this) ?? 0);
      },
    });
    restore.push(() => Reflect.deleteProperty(HTMLElement.prototype, prop));
  }
  return () => restore.forEach((r) => r());
}

/** One class at one size. */
export function fakeElementSize(className: string, size: { height: number; width: number }): () => void {
  return fakeLayout({ [className]: size });
}
