// What modules may use of the database layer: the schema's types and the statement helpers.
// The adapters (SQLite, PostgreSQL, group reads, the write lock) stay behind it.
export type * from './schema.js';
export { compiledPositions, compiledQuery } from './compiled-query.js';
export { createGroupCommit, type GroupScope, type WriteSoon } from './group-commit.js';
export { DatabaseUnavailableError } from './unavailable.js';
export { writeTransaction } from './write-transaction.js';
