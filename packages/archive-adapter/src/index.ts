export type { ArchiveStore, ArchiveStoreOptions } from './archive-store';
export { buildTimeline } from './build-timeline';
export { CorruptRowError, type CorruptRowErrorOptions } from './corrupt-row-error';
export { createTurnPersistence } from './create-turn-persistence';
export { InMemoryArchiveStore } from './in-memory-archive-store';
export type { PersistableInput } from './persistable-input';
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
export { SqliteArchiveStore, type SqliteArchiveStoreOptions } from './sqlite-archive-store';
export { type StopMarkerLanguage, stopMarkerText } from './stop-marker-text';
export type {
  ArchiveTurnInputsOptions,
  PersistReplyOptions,
  PersistToolGroupOptions,
  ToolGroupAssistant,
  ToolGroupResult,
  TurnPersistence,
  TurnPersistenceOptions,
  WriteStopMarkerOptions,
  WriteTurnRecordOptions,
} from './turn-persistence';
export { UnsupportedSchemaVersionError } from './unsupported-schema-version-error';
