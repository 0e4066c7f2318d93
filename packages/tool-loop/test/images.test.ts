import type { ChatMessage } from '@aalis/api-llm';
import type { MessageAttachment } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { Harness, humanInput } from './support/harness';
import { clockTool } from './support/tools';

const ATTACHMENTS: MessageAttachment[] = [
  { kind: 'image', url: 'https://images.example/cat.png', mimeType: 'image/png' },
  { kind: 'image', data: 'QUJD', mimeType: 'image/jpeg' },
  { kind: 'image', data: 'REVG' },
  { kind: 'image', url: 'file:///tmp/only-local.png' },
  { kind: 'image', url: 'file:///tmp/with-data.gif', data: 'R0hJ', mimeType: 'image/gif' },
  { kind: 'file', url: 'https://images.example/report.pdf', mimeType: 'application/pdf' },
  { kind: 'image', url: 'DATA:image/webp;base64,SktM' },
];

/** What a vision model is shown of `ATTACHMENTS`, in their order. */
const SHOWN = [
  { url: 'https://images.example/cat.png', mimeType: 'image/png' },
  { url: 'data:image/jpeg;base64,QUJD', mimeType: 'image/jpeg' },
  { url: 'data:image/png;base64,REVG' },
  { url: 'data:image/gif;base64,R0hJ', mimeType: 'image/gif' },
  { url: 'DATA:image/webp;base64,SktM' },
];

function lastOfRole(messages: readonly ChatMessage[] | undefined, role: ChatMessage['role']): ChatMessage {
  const message = messages?.filter((candidate) => candidate.role === role).at(-1);
  if (message === undefined) throw new Error(`no ${role} message was sent`);
  return message;
}

async function turnWithImageInput(vision: boolean): Promise<Harness> {
  const harness = new Harness({ steps: [{ text: 'A cat.' }], model: { vision } });
  harness.inputs[0] = humanInput('what is this?', { attachments: ATTACHMENTS });
  await harness.prepare().run();
  return harness;
}

describe('images shown to the model ([HK-3] acceptsImages)', () => {
  it('a vision model sees the image attachments of an input: web and data URLs as given, inline data as a data URL, nothing it cannot fetch', async () => {
    const harness = await turnWithImageInput(true);
    const user = lastOfRole(harness.model.requests[0]?.messages, 'user');
    expect(user.content).toBe('what is this?');
    expect(user.images).toEqual(SHOWN);
  });

  it('a model without vision sees the text of the same input alone', async () => {
    const harness = await turnWithImageInput(false);
    const user = lastOfRole(harness.model.requests[0]?.messages, 'user');
    expect(user.content).toBe('what is this?');
    expect(user).not.toHaveProperty('images');
  });

  it('an input without images is sent without an images list, also to a vision model', async () => {
    const harness = new Harness({ steps: [{ text: 'ok' }], model: { vision: true } });
    harness.inputs[0] = humanInput('just text', {
      attachments: [{ kind: 'audio', url: 'https://images.example/a.ogg' }],
    });
    await harness.prepare().run();
    expect(lastOfRole(harness.model.requests[0]?.messages, 'user')).not.toHaveProperty('images');
  });

  it.each([
    [true, SHOWN],
    [false, undefined],
  ])(
    'a tool result with images (vision %s): the model reads its text and sees its images only with vision',
    async (vision, shown) => {
      const chart = { content: 'chart drawn', attachments: ATTACHMENTS };
      const harness = new Harness({
        steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'Here it is.' }],
        tools: [clockTool([{ result: chart }])],
        model: { vision },
      });
      await harness.prepare().run();
      const tool = lastOfRole(harness.model.requests[1]?.messages, 'tool');
      expect(tool).toMatchObject({ content: 'chart drawn', toolCallId: 'c1' });
      expect(tool.images).toEqual(shown);
    },
  );
});
