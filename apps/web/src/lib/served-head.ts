/**
 * Swaps the head tags the server sent (scripts/prerender.mjs marks them) for the ones React
 * renders, once React has rendered its own title. Removing them before React's first commit
 * would leave the page without a title in between; a MutationObserver's callback runs right
 * after that commit, before the browser paints or anything else reads the document.
 */
export function replaceServedHeadOnRender(head: HTMLHeadElement = document.head): void {
  const served = () => head.querySelectorAll('[data-served-head]');
  if (served().length === 0) return;
  const swap = () => {
    if (!head.querySelector('title:not([data-served-head])')) return false;
    served().forEach((tag) => tag.remove());
    return true;
  };
  const observer = new MutationObserver(() => {
    if (swap()) observer.disconnect();
  });
  observer.observe(head, { childList: true });
}
