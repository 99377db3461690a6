/**
 * One schema problem, ajv style: the lowest layer of the engine's types, imported by
 * contract/types.ts and contract/events.ts alike so that every import between them points one way.
 */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  message: string;
  /** For a `required` error: the property missing (ajv's `params.missingProperty`), so that no one reads it back out of the message. */
  missingProperty?: string;
}
