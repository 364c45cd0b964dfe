interface Series {
  labels: Record<string, string>;
  value: number;
}

/** A metric as prom-client's registry reads it from `get()`, to render or aggregate. */
interface MetricSnapshot {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Array<{ labels: Record<string, string | number>; value: number; metricName?: string }>;
}

/**
 * The two metrics every request updates: requests by method, route and status, and their
 * duration by route. prom-client hashes the label object on every update, which cost
 * more than a share lookup's own logic; here a series is found by the route, the status and
 * the method in turn (strings the router and the parser hand over already hashed, so no key
 * is built per request: building one cost several times these lookups) and the update is an
 * addition. They render and aggregate across workers as prom-client's own counter and
 * histogram do (registered with `registry.registerMetric`).
 */
export class RequestCounter {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<number, Map<string, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(method: string, route: string, status: number): void {
    let byStatus = this.series.get(route);
    if (byStatus === undefined) this.series.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (byMethod === undefined) byStatus.set(status, (byMethod = new Map()));
    const found = byMethod.get(method);
    if (found !== undefined) found.value++;
    else byMethod.set(method, { labels: { method, route, status: String(status) }, value: 1 });
  }

  get(): Promise<MetricSnapshot> {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: [...this.series.values()].flatMap((byStatus) =>
        [...byStatus.values()].flatMap((byMethod) =>
          [...byMethod.values()].map(({ labels, value }) => ({ labels, value })),
        ),
      ),
    });
  }

  reset(): void {
    this.series.clear();
  }
}

export class RouteDurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, { counts: Float64Array; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(route: string, seconds: number): void {
    let found = this.series.get(route);
    if (found === undefined) {
      found = { counts: new Float64Array(this.buckets.length), sum: 0, count: 0 };
      this.series.set(route, found);
    }
    const bucket = this.buckets.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) found.counts[bucket]!++;
    found.sum += seconds;
    found.count++;
  }

  get(): Promise<MetricSnapshot> {
    const values: MetricSnapshot['values'] = [];
    for (const [route, { counts, sum, count }] of this.series) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += counts[i]!;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { route, le: bound },
          value: cumulative,
        });
      });
      values.push(
        { metricName: `${this.name}_bucket`, labels: { route, le: '+Inf' }, value: count },
        { metricName: `${this.name}_sum`, labels: { route }, value: sum },
        { metricName: `${this.name}_count`, labels: { route }, value: count },
      );
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset(): void {
    this.series.clear();
  }
}
