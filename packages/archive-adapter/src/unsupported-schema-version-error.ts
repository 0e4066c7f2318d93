import { ArchiveStorageError } from '@aalis/api-message-archive';

/**
 * The SQLite file was written by a newer version of this package (its `schema_version` is
 * above the newest migration this copy knows). The store refuses to open it rather than
 * guess. Its `code` is the contract's `ARCHIVE_STORAGE_FAILED`.
 */
export class UnsupportedSchemaVersionError extends ArchiveStorageError {
  /** The version found in the file. */
  readonly foundVersion: number;
  /** The newest version this copy can read. */
  readonly supportedVersion: number;

  constructor(options: { readonly foundVersion: number; readonly supportedVersion: number }) {
    super(
      `database schema version ${options.foundVersion} is newer than the supported version ${options.supportedVersion}`,
    );
    this.foundVersion = options.foundVersion;
    this.supportedVersion = options.supportedVersion;
  }
}
