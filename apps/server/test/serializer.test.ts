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

  it("writes each kind of share's view by its own option, picked by its type", () => {
    const file = {
      code: '5678',
      type: 'file',
      status: 'ready',
      createdAt: view.createdAt,
      expiresAt: view.expiresAt,
      isEncrypted: false,
      burnAfterReading: false,
      files: [{ name: 'a.txt', size: 3, type: 'text/plain' }],
      downloadCount: 0,
      maxDownloads: 1,
    };
    // A text share's property on a file view is not the file option's: it is left out.
    const out = compile(shareViewSchema)({ ...file, content: 'stray' });
    expect(JSON.parse(out)).toEqual(file);
    expect(() => compile(shareViewSchema)({ ...view, type: 'bogus' })).toThrow();
    // A file view without its files is refused, as any missing required property is.
    expect(() => compile(shareViewSchema)({ ...file, files: undefined })).toThrow();
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
