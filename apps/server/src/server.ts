import { serve } from './serve.js';

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
