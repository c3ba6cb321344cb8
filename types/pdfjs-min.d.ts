// pdfjs-dist ships types for its full build only; the minified build is the same module.
declare module 'pdfjs-dist/legacy/build/pdf.min.mjs' {
  export * from 'pdfjs-dist/legacy/build/pdf.mjs';
}
// The worker's code, handed to pdfjs whole (see pdf-pages.ts); nothing of it is called directly.
declare module 'pdfjs-dist/legacy/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
