#!/usr/bin/env node
// The compiled CLI lives in ../dist (built by `tsc -b`, which root `npm ci` runs on prepare).
import '../dist/main.js';
