/** A `.wasm` file imported as a compiled module: wrangler's CompiledWasm rule (workerd refuses to compile bytes at run time). */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

/** A font file imported as bytes: the Data rule for `*.ttf` in wrangler.toml. */
declare module '*.ttf' {
  const bytes: ArrayBuffer;
  export default bytes;
}
