/** Jest runs the TypeScript sources as ES modules through ts-jest (transpile only; `npm run typecheck` checks types). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  clearMocks: true
};
