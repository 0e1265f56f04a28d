/**
 * happy-dom has no layout: gives every element with the class `scroller`
 * (the virtualised lists' scrolling box) the size it has in the app, so
 * @tanstack/vue-virtual renders the rows in view. Returns the undo.
 */
export function fakeScrollerSize(width: number, height: number): () => void {
  const props = { clientWidth: width, clientHeight: height } as const;
  for (const [prop, px] of Object.entries(props)) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, prop))
      owner = Object.getPrototypeOf(owner) as object | null;
    const real = owner ? Object.getOwnPropertyDescriptor(owner, prop) : undefined;
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement): number {
        return this.classList.contains('scroller') ? px : Number(real?.get?.call(this) ?? 0);
      },
    });
  }
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  };
}
