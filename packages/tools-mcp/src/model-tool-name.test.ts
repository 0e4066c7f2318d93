import { describe, expect, it } from 'vitest';
import { modelToolName } from './model-tool-name';

const safe = /^[a-zA-Z0-9_-]{1,64}$/;

describe('modelToolName', () => {
  it('namespaces a tool by its server as <server>__<tool>', () => {
    expect(modelToolName('files', 'read_file')).toBe('files__read_file');
  });

  it('replaces characters model APIs refuse by _', () => {
    expect(modelToolName('files', 'read.file:v2 now')).toBe('files__read_file_v2_now');
  });

  it('cuts a long name to 64 characters ending in a stable hash of the whole name', () => {
    const long = 'a'.repeat(100);
    const name = modelToolName('files', long);
    expect(name).toMatch(safe);
    expect(name).toHaveLength(64);
    expect(name).toBe(modelToolName('files', long));
    expect(modelToolName('files', `${long}b`)).not.toBe(name);
  });

  it('names a hostile 1 MiB tool name safely and at once', () => {
    const name = modelToolName('files', '/'.repeat(1024 * 1024));
    expect(name).toMatch(safe);
    expect(name).toMatch(/_[0-9a-f]{8}$/);
  });
});
