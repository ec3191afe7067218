// Server text made safe to print: never a workflow command, whatever the platform sent.
import { lineLabel } from '../../src/basics/safe-text.js';

describe('lineLabel', () => {
  it.each([
    ['job-7-0-1', 'job-7-0-1'],
    ['::error::pwned', '"::error::pwned"'],
    ['  ::add-mask::x', '"::add-mask::x"'],
    ['\n::warning::x', '"::warning::x"'],
    [':colon', '":colon"'],
    ['##[error]x', '## [error]x']
  ])('prints %j as %j, which no runner reads as a command', (name, label) => {
    expect(lineLabel(name, 80)).toBe(label);
    expect(`${lineLabel(name, 80)} | a line`.trimStart().startsWith('::')).toBe(false);
  });
});
