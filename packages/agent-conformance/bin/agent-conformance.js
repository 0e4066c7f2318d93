#!/usr/bin/env node
// Installed as the `agent-conformance` command; the program is the built dist/cli.js.
import '../dist/cli.js';
