#!/usr/bin/env node
import { runCli } from './cli/run-cli.js';
import { nodeIo } from './cli/cli-io.js';

// The command-line tool: the same engine as the action, for any CI system (see docs/cli.md).
process.exitCode = await runCli(nodeIo(process.argv.slice(2)));
