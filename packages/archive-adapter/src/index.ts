export type { ArchiveStore, ArchiveStoreOptions } from './archive-store';
export { buildTimeline } from './build-timeline';
export { CorruptDatabaseError, type CorruptDatabaseErrorOptions } from './corrupt-database-error';
export { CorruptRowError, type CorruptRowErrorOptions } from './corrupt-row-error';
export { createTurnPersistence } from './create-turn-persistence';
export { type CutTurnText, cutTurnText } from './cut-turn-text';
export type { DatabaseHolder } from './database-holder';
export { DatabaseInUseError, type DatabaseInUseErrorOptions } from './database-in-use-error';
export { InMemoryArchiveStore } from './in-memory-archive-store';
export type { PersistableInput } from './persistable-input';
export { ReadOnlyDatabaseError, type ReadOnlyDatabaseErrorOptions } from './read-only-database-error';
export { type SelectHistoryOptions, selectHistory } from './select-history';
export type {
  SessionTimeline,
  TimelineInputSegment,
  TimelineMessage,
  TimelineSegment,
  TimelineTextSegment,
  TimelineToolCallSegment,
  TimelineTurn,
} from './session-timeline';
export { SqliteArchiveStore } from './sqlite-archive-store';
export type { SqliteArchiveStoreOptions } from './sqlite-archive-store-options';
export { type StopMarkerLanguage, stopMarkerText } from './stop-marker-text';
export { StorageOperationError, type StorageOperationErrorOptions } from './storage-operation-error';
export type { StoreAccess, StoreOperation } from './store-operation';
export type {
  RecoverCutTurnsOptions,
  RecoveredTurn,
  TurnPersistence,
  TurnPersistenceOptions,
} from './turn-persistence';
export type {
  BeginTurnOptions,
  FinishedTurn,
  FinishTurnOptions,
  PersistReplyOptions,
  PersistToolGroupOptions,
  ToolGroupAssistant,
  ToolGroupResult,
  TurnWriter,
} from './turn-writer';
export { UnsupportedSchemaVersionError } from './unsupported-schema-version-error';
