import autocannon from 'autocannon';

async function fire(options, seconds) {
  const result = await autocannon({ connections: 10, ...options, duration: seconds });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(
      `${options.url}: ${failed} failed requests (${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result.non2xx} non-2xx; statuses ${statuses})`,
    );
  }
  return result;
}

/** Requests per second after a warm-up run whose figures are thrown away. */
export async function measureThroughput(options, { warmupSeconds, seconds }) {
  await fire(options, warmupSeconds);
  const result = await fire(options, seconds);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
  };
}

export function getRequest(url) {
  return { url, method: 'GET' };
}

export function postJson(url, value) {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  };
}
