import type { Values } from './env-schema.js';
import { abuseVariables } from './variables-abuse.js';
import { serverVariables } from './variables-server.js';
import { shareVariables } from './variables-shares.js';
import { storageVariables } from './variables-storage.js';

/** The declarations by topic; a name is declared in one of them only. */
export const variableGroups = [serverVariables, storageVariables, shareVariables, abuseVariables];

/**
 * Every variable the server reads, each declared once: its kind (schema and default) and its
 * line of README.md#configuration.
 */
export const variables = {
  ...serverVariables,
  ...storageVariables,
  ...shareVariables,
  ...abuseVariables,
};

export type VariableValues = Values<typeof variables>;
