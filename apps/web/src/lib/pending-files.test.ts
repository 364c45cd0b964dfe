import { describe, expect, it } from 'vitest';
import { handOverFiles, takePendingFiles } from './pending-files';

describe('pending files', () => {
  it('hands files over once', () => {
    const files = [new File(['a'], 'a.png'), new File(['b'], 'b.png')];
    handOverFiles(files);
    expect(takePendingFiles()).toEqual(files);
    expect(takePendingFiles()).toEqual([]);
  });

  it('keeps only the latest hand-over', () => {
    handOverFiles([new File(['old'], 'old.png')]);
    const latest = new File(['new'], 'new.png');
    handOverFiles([latest]);
    expect(takePendingFiles()).toEqual([latest]);
  });
});
