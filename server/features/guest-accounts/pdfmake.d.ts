// The part of pdfmake 0.3 (server build) the printed voucher sheet uses; the package ships no types.
declare module 'pdfmake' {
  type FontFiles = { normal: string; bold: string; italics: string; bolditalics: string };
  type OutputDocument = { getBuffer(): Promise<Buffer> };
  const pdfmake: {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(document: Record<string, unknown>): OutputDocument;
  };
  export default pdfmake;
}
