#!/usr/bin/env node
// Installed as the `aalis-agent` command; the program is the built dist/cli.js.
import '../dist/cli.js';
