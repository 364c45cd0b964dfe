// First, before any other module queues ticks: see keep-tick-object-shape.ts.
import './http/keep-tick-object-shape.js';
import { serve } from './serve.js';

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
