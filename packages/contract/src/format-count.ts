// Counts as people read them ("1,000,000"), for the web app and the server's messages alike.

/**
 * A whole number with commas between thousands, as `toLocaleString('en-US')` writes it. Done
 * by hand because a page's first number or date formatting loads the locale's data: in a CPU
 * profile of the landing page, the one `toLocaleString` call was among its longest tasks.
 */
export function formatCount(count: number): string {
  const digits = String(Math.trunc(Math.abs(count)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 && digits !== '0' ? `-${grouped}` : grouped;
}
