/**
 * Types for the slice of @cornerstonejs/codec-libjpeg-turbo-8bit's embind API (and of MozJPEG's) that
 * supabase/functions/handle-post-create/image.ts uses (the package ships none): its Emscripten factory,
 * given the WebAssembly bytes, resolves to the module. Here, in the backend's TypeScript program, which
 * type-checks the function's code (it runs it on Node) and its tests; Deno runs the function without
 * type-checking, and a type reference inside the function would have to be uploaded with it.
 */
declare module '@cornerstonejs/codec-libjpeg-turbo-8bit/wasmjs' {
  export interface FrameInfo {
    width: number;
    height: number;
    bitsPerSample: number;
    componentCount: number;
    isSigned: boolean;
  }
  export interface JpegEncoder {
    /** The encoder's input pixels (width x height x components), a view into the module's memory. */
    getDecodedBuffer(frame: FrameInfo): Uint8Array;
    setQuality(quality: number, lossless: boolean): void;
    /** turbojpeg.h TJSAMP_*. */
    setSubSampling(subsampling: number): void;
    encode(): void;
    /** The JPEG written by encode(), a view into the module's memory. */
    getEncodedBuffer(): Uint8Array;
    delete(): void;
  }
  /** Emscripten's module options: the instance is made by `instantiateWasm`, from a module compiled once. */
  interface FactoryOptions {
    instantiateWasm(
      imports: WebAssembly.Imports,
      receiveInstance: (instance: WebAssembly.Instance) => void,
    ): Record<string, never>;
  }
  const factory: (options: FactoryOptions) => Promise<{ JPEGEncoder: new () => JpegEncoder }>;
  export default factory;
}

/** MozJPEG's encoder as jSquash builds it (its own .d.ts names an Emscripten namespace the package does not ship). */
declare module '@jsquash/jpeg/codec/enc/mozjpeg_enc.js' {
  interface MozjpegModule {
    /** RGBA pixels in, the JPEG out. */
    encode(data: Uint8Array, width: number, height: number, options: Record<string, number | boolean>): Uint8Array;
  }
  const factory: (options: {
    noInitialRun: boolean;
    instantiateWasm(
      imports: WebAssembly.Imports,
      receiveInstance: (instance: WebAssembly.Instance) => void,
    ): Record<string, never>;
  }) => Promise<MozjpegModule>;
  export default factory;
}
