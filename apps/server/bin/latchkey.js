#!/usr/bin/env node
/**
 * @module The `latchkey` command: runs the TypeScript entry point through tsx, so the deployable
 * needs no build step.
 */
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
