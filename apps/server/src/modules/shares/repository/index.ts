// The shares repository: every statement on the `shares` table, split by concern into the
// files beside this one. Everything outside this folder imports it from here.
export * from './lookups.js';
export * from './grouped-lookups.js';
export * from './insert.js';
export * from './endings.js';
export * from './files.js';
export * from './uploads.js';
export * from './moderation.js';
export * from './console.js';
export * from './requests.js';
export * from './rooms.js';
export * from './watch.js';
