import { describe, expect, it } from 'vitest';
import { recordErrors } from '../test/fixtures';
import { contributions, createApp, definePlugin } from './index';

declare module './index' {
  interface ContributionPointMap {
    'test:prompt': { id?: string; localId?: string; text: string };
  }
}

function contributor(name: string, specs: readonly { id?: string; text: string }[]) {
  return definePlugin({
    name,
    uses: { contributions },
    apply({ contributions: points }) {
      for (const spec of specs) points.use.contribute('test:prompt', spec);
    },
  });
}

describe('contributions', () => {
  it('[PRM-3] keys each contribution pluginInstanceId/localId, from the spec id or a counter', () => {
    const app = createApp(recordErrors());
    app.plugin(contributor('@test/memory', [{ id: 'summary', text: 'S' }, { text: 'A' }, { text: 'B' }]));
    const listed = app.service(contributions).use.list('test:prompt');
    expect(listed.map((entry) => entry.key)).toEqual([
      '@test/memory#1/summary',
      '@test/memory#1/1',
      '@test/memory#1/2',
    ]);
    expect(listed[0]).toMatchObject({
      point: 'test:prompt',
      localId: 'summary',
      spec: { id: 'summary', text: 'S' },
    });
    expect(listed[0]?.owner).toEqual({ instanceId: '@test/memory#1', pluginName: '@test/memory' });
  });

  it('[PRM-3] takes the local id from a spec that names it localId, as agent:prompt specs do', () => {
    const app = createApp(recordErrors());
    const handle = app.service(contributions);
    handle.use.contribute('test:prompt', { localId: 'summary', text: 'S' });
    handle.use.contribute('test:prompt', { localId: 'skills', id: 'ignored', text: 'K' });
    expect(handle.use.list('test:prompt').map((entry) => entry.key)).toEqual(['app/summary', 'app/skills']);
  });

  it('replaces a contribution of the same key and keeps others of the same local id apart', () => {
    const app = createApp(recordErrors());
    const handle = app.service(contributions);
    handle.use.contribute('test:prompt', { id: 'persona', text: 'old' });
    handle.use.contribute('test:prompt', { id: 'persona', text: 'new' });
    app.plugin(contributor('@test/other', [{ id: 'persona', text: 'theirs' }]));
    expect(handle.use.list('test:prompt').map((entry) => [entry.key, entry.spec.text])).toEqual([
      ['app/persona', 'new'],
      ['@test/other#1/persona', 'theirs'],
    ]);
  });

  it('takes an explicit local id before the spec id', () => {
    const app = createApp(recordErrors());
    const handle = app.service(contributions);
    handle.use.contribute('test:prompt', { id: 'ignored', text: 'x' }, { localId: 'chosen' });
    expect(handle.use.list('test:prompt').map((entry) => entry.key)).toEqual(['app/chosen']);
  });

  it('withdraws contributions with the plugin and gives the same keys when it activates again', async () => {
    const app = createApp(recordErrors());
    const handle = app.service(contributions);
    const instance = app.plugin(contributor('@test/skills', [{ text: 'one' }]));
    await instance.dispose();
    expect(handle.use.list('test:prompt')).toEqual([]);
    app.plugin(contributor('@test/skills', [{ text: 'one' }]));
    expect(handle.use.list('test:prompt').map((entry) => entry.key)).toEqual(['@test/skills#2/1']);
  });

  it('notifies change listeners after each change of a point', () => {
    const app = createApp(recordErrors());
    const handle = app.service(contributions);
    const sizes: number[] = [];
    handle.use.onChange('test:prompt', () => {
      sizes.push(handle.use.list('test:prompt').length);
    });
    const withdraw = handle.use.contribute('test:prompt', { text: 'a' });
    handle.use.contribute('test:prompt', { text: 'b' });
    withdraw();
    withdraw();
    expect(sizes).toEqual([1, 2, 1]);
  });

  it('reports a throwing change listener and still notifies the others', () => {
    const { errors, onError } = recordErrors();
    const app = createApp({ onError });
    const handle = app.service(contributions);
    let notified = 0;
    handle.use.onChange('test:prompt', () => {
      throw new Error('listener broke');
    });
    handle.use.onChange('test:prompt', () => {
      notified += 1;
    });
    handle.use.contribute('test:prompt', { text: 'a' });
    expect(notified).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('rejects an empty point name with a TypeError', () => {
    const app = createApp(recordErrors());
    const loose = app.service(contributions).use as unknown as {
      contribute: (point: string, spec: unknown) => void;
    };
    expect(() => loose.contribute('', {})).toThrow(TypeError);
  });
});
