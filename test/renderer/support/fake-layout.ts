/**
 * happy-dom has no layout: elements of the given classes report the height
 * (and width) they have in the app, so a virtualised list (@tanstack/vue-virtual)
 * renders the rows that would be in view. Returns the undo.
 */
export function fakeLayout(sizes: Readonly<Record<string, { height: number; width?: number }>>): () => void {
  const define = (
    prop: 'clientHeight' | 'clientWidth',
    pick: (s: { height: number; width?: number }) => number,
  ) => {
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
  };
  define('clientHeight', (s) => s.height);
  define('clientWidth', (s) => s.width ?? 800);
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  };
}
