import { shareViewSchema } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../src/http/serializer.js';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('response serializer', () => {
  const view = {
    code: '1234',
    type: 'clipboard',
    status: 'ready',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2026-11-24T10:00:00.000Z',
    isEncrypted: false,
    burnAfterReading: false,
    content: 'a "quoted" line\nand </script>',
  };

  it('writes what zod would, and nothing the schema does not declare', () => {
    const out = compile(shareViewSchema)({
      ...view,
      encryptedPayload: 'secret',
      authVerifier: 'v',
    });
    expect(JSON.parse(out)).toEqual(view);
    expect(out).not.toContain('secret');
  });

  it('refuses a body missing a required property', () => {
    const missing: Partial<typeof view> = { ...view };
    delete missing.code;
    expect(() => compile(shareViewSchema)(missing)).toThrow();
  });

  it('falls back to zod for schemas JSON Schema cannot express', () => {
    const schema = z.object({ id: z.custom<string>((v) => typeof v === 'string') });
    expect(() => z.toJSONSchema(schema)).toThrow();
    expect(compile(schema)({ id: 'x', extra: 1 })).toBe('{"id":"x"}');
  });
});
