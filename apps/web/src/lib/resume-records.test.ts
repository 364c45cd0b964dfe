import { afterEach, describe, expect, it } from 'vitest';
import {
  fileFingerprint,
  findResumeRecord,
  forgetResumeRecord,
  saveResumeRecord,
  type ResumeRecord,
} from './resume-records';

const file = (name = 'video.mp4', lastModified = 5) =>
  new File([new Uint8Array(3)], name, { type: 'video/mp4', lastModified });

const record = (expiresAt: string): ResumeRecord => ({
  uploadUrl: 'http://localhost/api/uploads/1-0123456789abcdef.mp4',
  uploadSecret: 'upload-secret',
  share: {
    code: '4821',
    type: 'file',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt,
    deleteToken: 't',
    maxDownloads: 1,
    files: [],
  },
  expiresInSeconds: 600,
  file: { name: 'video.mp4', size: 3 },
  encryption: null,
});

afterEach(() => localStorage.clear());

describe('resume records', () => {
  it('finds the record of the same file picked again, and only of it', () => {
    const later = new Date(Date.now() + 60_000).toISOString();
    saveResumeRecord(file(), record(later));
    expect(findResumeRecord(file())?.share.code).toBe('4821');
    expect(findResumeRecord(file('other.mp4'))).toBeNull();
    // Another copy with another modification time is another file.
    expect(findResumeRecord(file('video.mp4', 6))).toBeNull();
  });

  it('drops a record whose share has expired, or that cannot be read', () => {
    saveResumeRecord(file(), record(new Date(Date.now() - 1).toISOString()));
    expect(findResumeRecord(file())).toBeNull();
    expect(localStorage.getItem(fileFingerprint(file()))).toBeNull();
    localStorage.setItem(fileFingerprint(file()), '{not json');
    expect(findResumeRecord(file())).toBeNull();
  });

  it('drops a record made before uploads had secrets: its upload cannot go on', () => {
    const { uploadSecret, ...before } = record(new Date(Date.now() + 60_000).toISOString());
    expect(uploadSecret).toBe('upload-secret');
    localStorage.setItem(fileFingerprint(file()), JSON.stringify(before));
    expect(findResumeRecord(file())).toBeNull();
    expect(localStorage.getItem(fileFingerprint(file()))).toBeNull();
  });

  it('forgets a record', () => {
    saveResumeRecord(file(), record(new Date(Date.now() + 60_000).toISOString()));
    forgetResumeRecord(file());
    expect(findResumeRecord(file())).toBeNull();
  });

  it('never stores a password', () => {
    const sealed = record(new Date(Date.now() + 60_000).toISOString());
    saveResumeRecord(file(), {
      ...sealed,
      encryption: {
        encryptedPayload: { v: 1 } as never,
        authVerifier: 'verifier',
        noncePrefix: 'AQIDBAUGBw==',
      },
    });
    expect(
      Object.keys(JSON.parse(localStorage.getItem(fileFingerprint(file()))!).encryption),
    ).toEqual(['encryptedPayload', 'authVerifier', 'noncePrefix']);
  });
});
