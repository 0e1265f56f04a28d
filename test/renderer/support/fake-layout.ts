/**
 * happy-dom has no layout: elements measure 0 × 0, so a virtualised list
 * would show no rows. This gives the elements of one class the size they have
 * in the app, until the returned function puts the real getters back.
 */
export function fakeElementSize(className: string, size: { height: number; width: number }): () => void {
  const props = {
    clientHeight: size.height,
    clientWidth: size.width,
    offsetHeight: size.height,
    offsetWidth: size.width,
  };
  const restore: (() => void)[] = [];
  for (const [prop, px] of Object.entries(props)) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, prop))
      owner = Object.getPrototypeOf(owner) as object | null;
    const real = owner ? Object.getOwnPropertyDescriptor(owner, prop) : undefined;
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement): number {
        return this.classList.contains(className) ? px : Number(real?.get?.call(this) ?? 0);
      },
    });
    restore.push(() => Reflect.deleteProperty(HTMLElement.prototype, prop));
  }
  return () => restore.forEach((r) => r());
}
