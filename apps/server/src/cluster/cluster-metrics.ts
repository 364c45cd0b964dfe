import { AggregatorRegistry, type Registry } from 'prom-client';
import { isMetricsReply, metricsRequestMessage } from './messages.js';

let nextId = 0;

/**
 * In a worker: /metrics answers for the whole process group, so the worker reports its
 * own registry to the primary's aggregator and asks the primary for the sum.
 */
export function clusterMetricsSource(registry: Registry) {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client answer the primary's requests here.
  new AggregatorRegistry();
  return (): Promise<{ text: string; contentType: string }> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timeout = setTimeout(() => {
        process.off('message', onMessage);
        reject(new Error('The primary did not send the metrics in time'));
      }, 6_000);
      const onMessage = (message: unknown) => {
        if (!isMetricsReply(message) || message.id !== id) return;
        clearTimeout(timeout);
        process.off('message', onMessage);
        if (message.text === null) reject(new Error('The primary could not gather the metrics'));
        else resolve({ text: message.text, contentType: message.contentType });
      };
      process.on('message', onMessage);
      process.send!(metricsRequestMessage(id));
    });
}
