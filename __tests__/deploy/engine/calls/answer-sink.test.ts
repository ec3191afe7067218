// A bulk step's answers go to its files as they come, in the order of its calls, whatever order they come in.
import { AnswerSink } from '../../../../src/deploy/engine/calls/answer-sink.js';

function memoryFiles() {
  const files = new Map<string, string[]>();
  const openFile = (name: string) => {
    files.set(name, []);
    return { path: `/files/${name}`, append: (text: string) => files.get(name)?.push(text) };
  };
  return { files, openFile, text: (name: string) => (files.get(name) ?? []).join('') };
}

describe('AnswerSink', () => {
  it('writes each answer in the order of the calls, an answer that came early waiting for those before it', () => {
    const f = memoryFiles();
    const sink = new AnswerSink(f.openFile);
    const texts = (n: number) => ({ data: `{"n":${n}}`, response: `{"data":{"n":${n}}}` });
    for (const index of [2, 0, 3, 1]) sink.put(index, texts(index));
    expect(sink.close()).toEqual({ data: '/files/data.json', response: '/files/response.json' });
    expect(JSON.parse(f.text('data.json'))).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
    expect(JSON.parse(f.text('response.json'))).toEqual([0, 1, 2, 3].map((n) => ({ data: { n } })));
  });

  it('appends a few dozen KiB at a time, not once an answer, and holds no more than that', () => {
    const f = memoryFiles();
    const sink = new AnswerSink(f.openFile);
    const big = 'x'.repeat(1000);
    for (let i = 0; i < 200; i++) sink.put(i, { data: `"${big}"`, response: `"${big}"` });
    // 200 answers of 1 KB each: a few appends of tens of KiB each, none of a single answer.
    const appends = f.files.get('data.json') ?? [];
    expect(appends.length).toBeGreaterThan(1);
    expect(appends.length).toBeLessThan(20);
    expect(appends.every((text) => text.length >= 8 * 1024)).toBe(true);
    sink.close();
    expect((JSON.parse(f.text('data.json')) as string[]).length).toBe(200);
  });

  it('writes an empty array when no call was made', () => {
    const f = memoryFiles();
    new AnswerSink(f.openFile).close();
    expect([f.text('data.json'), f.text('response.json')]).toEqual(['[]', '[]']);
  });
});
