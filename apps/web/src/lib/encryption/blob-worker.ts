// The dedicated worker that gathers sealed segments into the upload Blob (see blob-assembly.ts).
import { serveAssembly, type AssemblyScope } from './blob-assembly';

serveAssembly(self as unknown as AssemblyScope);
