// Quill in the prerender build (scripts/prerender.mjs). Quill reads `document` as soon as it
// is imported, and Node has none; the note editor creates its Quill in an effect,
// which never runs while a page is rendered to HTML, so nothing here is ever constructed.
export default class Quill {
  constructor() {
    throw new Error('Quill cannot run while prerendering');
  }
}
