/** wawoff2 ships JavaScript only: the one function used here. */
declare module 'wawoff2' {
  /** WOFF2 → sfnt (TrueType/OpenType) bytes, by Google's woff2 decoder compiled to WebAssembly. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
