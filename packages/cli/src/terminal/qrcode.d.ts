// The encoder alone, without the package's PNG, SVG and canvas renderers (and their
// dependencies), which the bundle does not need: the terminal drawing is ours.
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}
