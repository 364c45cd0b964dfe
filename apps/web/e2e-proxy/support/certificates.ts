import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestCertificates {
  /** The test authority's certificate: what a client trusts. */
  caPem: string;
  /** The server's certificate followed by the authority's, as nginx serves them. */
  chainPath: string;
  keyPath: string;
  /** base64 SHA-256 of the server key's SPKI, for Chromium's --ignore-certificate-errors-spki-list. */
  spkiHash: string;
}

const openssl = (dir: string, ...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * A throwaway certificate authority and a server certificate it signed for 127.0.0.1 and
 * localhost (names in subjectAltName, as browsers require), valid for two days.
 */
export function makeCertificates(dir: string): TestCertificates {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    dir,
    ...['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2'],
    ...['-subj', '/CN=CodeDrop e2e test CA'],
    ...['-addext', 'basicConstraints=critical,CA:TRUE'],
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  );
  openssl(
    dir,
    ...['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr'],
    ...['-subj', '/CN=127.0.0.1'],
  );
  writeFileSync(
    join(dir, 'server.ext'),
    [
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    dir,
    ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-days', '2', '-extfile', 'server.ext', '-out', 'server.pem'],
  );
  const caPem = readFileSync(join(dir, 'ca.pem'), 'utf8');
  const serverPem = readFileSync(join(dir, 'server.pem'), 'utf8');
  const chainPath = join(dir, 'fullchain.pem');
  writeFileSync(chainPath, serverPem + caPem);
  const spki = new X509Certificate(serverPem).publicKey.export({ type: 'spki', format: 'der' });
  return {
    caPem,
    chainPath,
    keyPath: join(dir, 'server.key'),
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}
