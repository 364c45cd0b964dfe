// The code space CodeDrop's allocator uses at a given number of live shares (pg-scale.mjs).

/**
 * Where `live` shares land with the allocator's rule (each length from CODE_MIN_DIGITS up
 * holds CODE_MAX_DENSITY of its space, the longest the rest): the longest length needed
 * and the chance that a random guess at it hits a live share.
 */
export function codeSpace(live, { minDigits = 4, density = 0.01, guessRate = 0.01 } = {}) {
  for (let longest = minDigits; longest <= 12; longest++) {
    let below = 0;
    for (let length = minDigits; length < longest; length++) {
      below += Math.floor(density * 10 ** length);
    }
    const atLongest = Math.max(0, live - below);
    if (atLongest / 10 ** longest <= guessRate) {
      return { live, longest, shorter: below, atLongest, density: atLongest / 10 ** longest };
    }
  }
  return null;
}
